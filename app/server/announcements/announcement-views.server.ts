import { and, asc, count, eq, inArray, isNull, type SQL } from "drizzle-orm";
import {
  announcementRecipients,
  consents,
  type Audience,
  type RecipientStatus,
} from "../../../database/schema";
import { waPersonLink } from "~/lib/whatsapp";
import { WHATSAPP_PEOPLE_MAX } from "~/schemas/announcement";
import type { MinistryScope } from "../auth/ministry-scope.server";
import { services } from "../platform/services.server";
import { requireAudienceInScope, resolveAudience } from "./audiences.server";

// What the announcement's page shows besides the announcement itself (issue 35): its recipients
// one page at a time with how each stands, and for a short audience a WhatsApp link per person.

export const RECIPIENTS_PAGE = 50;
export { WHATSAPP_PEOPLE_MAX };

export interface RecipientRow {
  id: string;
  name: string;
  email: string;
  status: RecipientStatus;
  error: string | null;
}

/** One page of an announcement's recipients, by name, optionally of one status. */
export async function recipientsPage(
  announcementId: string,
  options: { status?: RecipientStatus | null; page?: number },
): Promise<{ rows: RecipientRow[]; total: number; page: number; pages: number }> {
  const { db } = services();
  const where: SQL | undefined = and(
    eq(announcementRecipients.announcementId, announcementId),
    options.status ? eq(announcementRecipients.status, options.status) : undefined,
  );
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(announcementRecipients)
    .where(where);
  const pages = Math.max(1, Math.ceil(total / RECIPIENTS_PAGE));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pages);
  const rows = await db
    .select({
      id: announcementRecipients.id,
      name: announcementRecipients.name,
      email: announcementRecipients.email,
      status: announcementRecipients.status,
      error: announcementRecipients.error,
    })
    .from(announcementRecipients)
    .where(where)
    .orderBy(asc(announcementRecipients.name), asc(announcementRecipients.email))
    .limit(RECIPIENTS_PAGE)
    .offset((page - 1) * RECIPIENTS_PAGE);
  return { rows, total, page, pages };
}

export interface WhatsAppPerson {
  name: string;
  /** Null when the mobile number cannot be read as an international one. */
  link: string | null;
  mobile: string;
}

export type WhatsAppPeople =
  { kind: "people"; people: WhatsAppPerson[]; left: number } | { kind: "too-many"; count: number };

/**
 * A WhatsApp link per person of a short audience, with the text ready. Only people who agreed to
 * the church's messages are listed (the same consent as the e-mail; someone who unsubscribed or
 * said no is left out, and counted); a member without an e-mail address counts with their own
 * consent.
 */
export async function whatsAppPeople(
  audience: Audience,
  scope: MinistryScope | undefined,
  text: string,
): Promise<WhatsAppPeople> {
  requireAudienceInScope(audience, scope);
  const { db } = services();
  const people = await resolveAudience(db, audience);
  if (people.length > WHATSAPP_PEOPLE_MAX) return { kind: "too-many", count: people.length };
  const withoutAddress = people.flatMap((person) =>
    person.reachability === "noAddress" && person.memberId ? [person.memberId] : [],
  );
  const consenting = new Set(
    withoutAddress.length === 0
      ? []
      : (
          await db
            .select({ memberId: consents.memberId })
            .from(consents)
            .where(
              and(
                inArray(consents.memberId, withoutAddress),
                eq(consents.kind, "email"),
                isNull(consents.withdrawnAt),
              ),
            )
        ).map((row) => row.memberId),
  );
  const listed = people.filter(
    (person) =>
      person.reachability === "reachable" ||
      (person.reachability === "noAddress" && person.memberId && consenting.has(person.memberId)),
  );
  return {
    kind: "people",
    people: listed
      .map((person) => ({
        name: person.name,
        mobile: person.mobile,
        link: waPersonLink(person.mobile, text),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    left: people.length - listed.length,
  };
}
