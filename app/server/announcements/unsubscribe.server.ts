import { and, eq, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  consents,
  emailUnsubscribes,
  eventRegistrations,
  members,
  ministryRegistrations,
} from "../../../database/schema";
import { fullName } from "~/lib/names";
import { logChange } from "../platform/change-log.server";
import { hitRateLimits } from "../platform/rate-limit.server";
import { services } from "../platform/services.server";
import { readLink, useLink } from "../platform/signed-links.server";
import { UNSUBSCRIBE_PURPOSE } from "./announcement-sending.server";

// Unsubscribing from announcements (issue 35): the link in every announcement (a signed link for
// the address, many uses, no end). Opening it changes nothing (mail scanners open links); the
// button on the page, or a mail program's one-click POST (RFC 8058), withdraws the e-mail consent
// of every member with the address, clears it on the address's sign-ups and registrations, and
// records the address, so announcements stop whoever the address belongs to.

export const UNSUBSCRIBE_SOURCE = "unsubscribe link";

/** The address a token unsubscribes, or null for an unknown, altered or revoked link. */
export async function unsubscribeAddress(token: string): Promise<string | null> {
  const link = await readLink(services().db, UNSUBSCRIBE_PURPOSE, token);
  return link.ok ? link.subject : null;
}

/** Public posts to the unsubscribe link: the limits of the public forms, per connection. */
export async function allowUnsubscribePost(clientIp: string): Promise<boolean> {
  const limit = await hitRateLimits(services().db, [
    { key: `forms:minute:${clientIp}`, limit: 30, windowMs: 60_000 },
    { key: `forms:day:${clientIp}`, limit: 300, windowMs: 24 * 60 * 60_000 },
  ]);
  return limit.allowed;
}

/**
 * Unsubscribes the link's address from announcements, with an audit entry. Returns the address,
 * or null (nothing written) for a link that opens nothing. Doing it again changes nothing more.
 */
export async function unsubscribe(token: string): Promise<string | null> {
  return services().db.transaction(async (tx) => {
    const link = await useLink(tx, UNSUBSCRIBE_PURPOSE, token);
    if (!link.ok) return null;
    const address = link.subject;
    const sameAddress = (column: AnyPgColumn) => sql`lower(trim(${column})) = ${address}`;
    const withdrawn = await tx
      .update(consents)
      .set({ withdrawnAt: sql`now()`, withdrawnBy: UNSUBSCRIBE_SOURCE })
      .where(
        and(
          eq(consents.kind, "email"),
          isNull(consents.withdrawnAt),
          sql`${consents.memberId} in (select ${members.id} from ${members} where ${sameAddress(members.email)})`,
        ),
      )
      .returning({ memberId: consents.memberId });
    for (const { memberId } of withdrawn) {
      const [member] = await tx
        .select({ firstName: members.firstName, middleName: members.middleName, lastName: members.lastName })
        .from(members)
        .where(eq(members.id, memberId));
      await logChange(tx, "visitor", "member.consent-withdrawn", {
        subject: { type: "member", id: memberId, label: member ? fullName(member) : null },
        details: { consent: "email", by: UNSUBSCRIBE_SOURCE },
      });
    }
    const signUps = await tx
      .update(ministryRegistrations)
      .set({ emailConsent: false })
      .where(and(sameAddress(ministryRegistrations.email), eq(ministryRegistrations.emailConsent, true)))
      .returning({ id: ministryRegistrations.id });
    const registrations = await tx
      .update(eventRegistrations)
      .set({ emailConsent: false })
      .where(and(sameAddress(eventRegistrations.email), eq(eventRegistrations.emailConsent, true)))
      .returning({ id: eventRegistrations.id });
    const [already] = await tx
      .select({ at: emailUnsubscribes.at })
      .from(emailUnsubscribes)
      .where(eq(emailUnsubscribes.address, address))
      .for("update");
    const changed = withdrawn.length + signUps.length + registrations.length;
    // Pressed again (or a mail program posting twice): nothing more to record.
    if (already && changed === 0) return address;
    await tx
      .insert(emailUnsubscribes)
      .values({ address, source: UNSUBSCRIBE_SOURCE })
      .onConflictDoUpdate({
        target: emailUnsubscribes.address,
        set: { at: sql`now()`, source: UNSUBSCRIBE_SOURCE },
      });
    await logChange(tx, "visitor", "person.unsubscribed", {
      // Like every entry about someone known by their address: erasing them finds it by its label.
      subject: { type: "person", label: address },
      details: {
        members: withdrawn.length,
        signUps: signUps.length,
        registrations: registrations.length,
      },
    });
    return address;
  });
}
