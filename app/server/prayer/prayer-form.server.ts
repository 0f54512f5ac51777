import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { prayerRequests, users } from "../../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import type { Locale } from "~/lib/i18n";
import { PRAYER_DAYS, prayerPath, type PrayerFormInput } from "~/schemas/prayer";
import { roleKeysWith } from "../auth/staff-roles.server";
import { renderEmail } from "../messages/email-layout.server";
import { isSendableAddress, queueEmail } from "../messages/outbox.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { getSiteContent, type SiteContent } from "../site/site-content.server";
import { insertPrayerRequest } from "./prayer-changes.server";

// A prayer request from the public form at /prayer (issue 38): kept for PRAYER_DAYS days, a
// follow-up started when they ask for a call, and the pastors told by e-mail that one came in,
// all in one transaction.
//
// Who is told: every enabled account whose role reads private requests (pastoral:private), at
// once. Not the inbox's notification preferences: those choose among messages that any inbox
// reader may see, and a prayer request is not one of them. The e-mail says only that a request
// came in and links to it: no words of the request, no name, nothing a forwarded or misdirected
// e-mail could give away.

export const PRAYER_NOTICE_KIND = "notification.prayer";

/**
 * Keeps a request sent through the public form, with its follow-up and the pastors' notice (in
 * English), and the language of the page it was sent from (issue 39).
 */
export async function savePrayerRequest(
  input: PrayerFormInput,
  origin: string,
  today: string = todayInChurchZone(),
  language: Locale = "en",
): Promise<void> {
  const content = await getSiteContent();
  await services().db.transaction(async (tx) => {
    const id = await insertPrayerRequest(
      tx,
      { ...input, memberId: null, source: "form", expiresOn: addDays(today, PRAYER_DAYS) },
      "visitor",
      today,
    );
    if (language !== "en") {
      await tx.update(prayerRequests).set({ language }).where(eq(prayerRequests.id, id));
    }
    await queuePastorsNotice(tx, id, content, origin);
  });
}

/** The addresses of the enabled accounts that read private requests. */
export async function pastorAddresses(executor: Executor): Promise<string[]> {
  const keys = await roleKeysWith("pastoral:private", executor);
  if (keys.length === 0) return [];
  const rows = await executor
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.role, keys), or(isNull(users.banned), eq(users.banned, false))))
    .orderBy(users.createdAt);
  return rows.map((row) => row.email).filter(isSendableAddress);
}

async function queuePastorsNotice(
  executor: Executor,
  requestId: string,
  content: SiteContent,
  origin: string,
) {
  const subject = "A new prayer request";
  const notice = renderEmail(content, subject, {
    heading: subject,
    paragraphs: [
      "A prayer request came in through the website.",
      "It is not in this e-mail, so that it stays private: sign in to the members area to read it.",
    ],
    action: { label: "Open the prayer request", href: `${origin}${prayerPath(requestId)}` },
  });
  for (const to of await pastorAddresses(executor)) {
    await queueEmail(executor, { kind: PRAYER_NOTICE_KIND, to, ...notice });
  }
}
