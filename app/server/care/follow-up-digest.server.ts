import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import { followUpDigests, users } from "../../../database/schema";
import { addDays, startOfDayInChurchZone, timestampInChurchZone, todayInChurchZone } from "~/lib/dates";
import { formatDate } from "~/lib/format";
import { CARE_PATH, followUpPath } from "~/schemas/care";
import { DIGEST_SETTINGS_PATH } from "~/schemas/follow-up-digest";
import { roleKeysWith } from "../auth/staff-roles.server";
import { escapeHtml, renderEmail, type EmailContent } from "../messages/email-layout.server";
import { isSendableAddress, queueEmail } from "../messages/outbox.server";
import { services } from "../platform/services.server";
import { siteOrigin } from "../platform/site-origin.server";
import { isMailSetUp } from "../settings/mail-settings.server";
import { getSiteContent, type SiteContent } from "../site/site-content.server";
import { assignedFollowUps, type MyFollowUp } from "./my-follow-ups.server";

// The daily e-mail of one's follow-ups (issue 38; ChurchCRM users asked for "email digests of
// pending tasks"), a job of the worker run once a minute on every server. An account that turned
// it on gets, from its hour (Bahrain time), one e-mail a day listing its follow-ups overdue, then
// due today: each person's name, the reason, the current step, the due date and a link to the
// card. Never a note, never the person's contacts: an e-mail may be read on a shared phone.
// The day is claimed by one conditional update of last_sent_on, in the transaction that queues
// the e-mail, so however many servers run the job an account gets one a day; a day with nothing
// due is claimed too, and sends nothing. Without e-mail set up nothing is claimed: the digest
// goes once it is (that same day), as the serving reminders do.

export const FOLLOW_UP_DIGEST_KIND = "follow-up-digest";
/** The follow-ups one e-mail lists at most; the rest are a line and the link to all of them. */
const MAX_LISTED = 50;

const followUpUrl = (origin: string, id: string) => `${origin}${followUpPath(id)}`;

const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

/** The digest e-mail: overdue first, then due today (`counts` are of all of them, listed or not). */
export function followUpDigestEmail(
  content: Pick<SiteContent, "church">,
  origin: string,
  person: { name: string },
  today: string,
  listed: MyFollowUp[],
  counts: { total: number; overdue: number },
): EmailContent {
  const overdue = listed.filter((row) => row.overdue);
  const dueToday = listed.filter((row) => !row.overdue);
  const summary = [
    counts.overdue ? `${counts.overdue} overdue` : "",
    counts.total > counts.overdue ? `${counts.total - counts.overdue} due today` : "",
  ].filter(Boolean);
  const sections = [
    { title: "Overdue", rows: overdue },
    { title: "Due today", rows: dueToday },
  ].filter((section) => section.rows.length > 0);
  const lineOf = (row: MyFollowUp) =>
    row.step ? `Step: ${oneLine(row.step)}, due ${formatDate(row.dueOn)}` : `Due ${formatDate(row.dueOn)}`;
  const more = counts.total > listed.length ? `… and ${counts.total - listed.length} more.` : "";
  const text = [
    ...sections.map((section) =>
      [
        `${section.title} (${section.rows.length})`,
        ...section.rows.map(
          (row) =>
            `• ${oneLine(row.name)}: ${oneLine(row.reason)}\n  ${lineOf(row)}\n  ${followUpUrl(origin, row.id)}`,
        ),
      ].join("\n"),
    ),
    more,
  ]
    .filter(Boolean)
    .join("\n\n");
  const html = [
    ...sections.map(
      (section) =>
        `<h2 style="margin:0 0 8px;font-size:17px;color:#0f1f4d">${escapeHtml(section.title)} (${section.rows.length})</h2>
<ul style="margin:0 0 16px;padding-left:20px">${section.rows
          .map(
            (row) =>
              `<li style="margin:0 0 10px"><a href="${escapeHtml(followUpUrl(origin, row.id))}" style="color:#1d4ed8">${escapeHtml(oneLine(row.name))}</a>: ${escapeHtml(oneLine(row.reason))}<br><span style="color:#475569">${escapeHtml(lineOf(row))}</span></li>`,
          )
          .join("")}</ul>`,
    ),
    more ? `<p style="margin:0 0 16px">${escapeHtml(more)}</p>` : "",
  ].join("\n");
  return renderEmail(content, `Your follow-ups: ${summary.join(", ")}`, {
    heading: `Your follow-ups for ${formatDate(today)}`,
    paragraphs: [`Hello ${oneLine(person.name)}, these follow-ups of yours are due today or overdue.`],
    rich: { text, html },
    action: { label: "All my follow-ups", href: `${origin}${CARE_PATH}` },
    footnote: {
      text: "You get this e-mail because you turned on the daily e-mail of your follow-ups.",
      link: { label: "Change the hour or turn it off", href: `${origin}${DIGEST_SETTINGS_PATH}` },
    },
  });
}

/** The hour it is in Bahrain at `now` (0-23). */
const churchHour = (now: Date) => Number(timestampInChurchZone(now).slice(11, 13));

/**
 * Queues the digests due at `now` (each account whose hour has come today and whose day is not
 * yet claimed). Returns how many e-mails this call queued.
 */
export async function queueFollowUpDigests(now: Date = new Date()): Promise<number> {
  if (!isMailSetUp()) return 0;
  const { db } = services();
  const today = todayInChurchZone(now);
  const d = followUpDigests;
  // Enabled accounts (not disabled) whose hour has come and whose day is not claimed yet.
  const waiting = await db
    .select({ userId: users.id, email: users.email, name: users.name, role: users.role })
    .from(d)
    .innerJoin(users, eq(users.id, d.userId))
    .where(
      and(
        eq(d.enabled, true),
        lte(d.hour, churchHour(now)),
        sql`${d.lastSentOn} is distinct from ${today}::date`,
        or(isNull(users.banned), eq(users.banned, false)),
      ),
    );
  if (waiting.length === 0) return 0;
  // Only those whose role still sees follow-ups (read once a digest is waiting, not every minute).
  const roles = new Set(await roleKeysWith("care:read", db));
  const due = waiting.filter((account) => roles.has(account.role));
  if (due.length === 0) return 0;
  const content = await getSiteContent();
  const origin = siteOrigin();
  let queued = 0;
  for (const account of due) {
    const sent = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(d)
        .set({ lastSentOn: today })
        .where(
          and(
            eq(d.userId, account.userId),
            eq(d.enabled, true),
            sql`${d.lastSentOn} is distinct from ${today}::date`,
          ),
        )
        .returning({ userId: d.userId });
      if (claimed.length === 0) return false; // another server took this day, or it was turned off
      const { rows, total, overdue } = await assignedFollowUps(tx, account.userId, today, {
        limit: MAX_LISTED,
        dueBy: today,
      });
      if (rows.length === 0 || !isSendableAddress(account.email)) return false;
      await queueEmail(tx, {
        kind: FOLLOW_UP_DIGEST_KIND,
        to: account.email,
        ...followUpDigestEmail(content, origin, account, today, rows, { total, overdue }),
        // Yesterday's list is no use tomorrow: one held back while mail is down goes that day or never.
        expiresAt: startOfDayInChurchZone(addDays(today, 1)),
      });
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}
