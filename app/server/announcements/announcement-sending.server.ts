import { and, asc, count, eq, gt, inArray, lte, sql } from "drizzle-orm";
import {
  announcementRecipients,
  announcements,
  outboxEmails,
  settings,
  type Announcement,
  type AnnouncementStatus,
} from "../../../database/schema";
import { queueEmail } from "../messages/outbox.server";
import type { Actor } from "../platform/change-log.server";
import { AppError } from "../http/errors.server";
import { logChange } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { getSetting } from "../platform/settings.server";
import { issueLink } from "../platform/signed-links.server";
import { siteOrigin } from "../platform/site-origin.server";
import { getSiteContent, type SiteContent } from "../site/site-content.server";
import { localePath, type Locale } from "~/lib/i18n";
import { renderAnnouncementEmail } from "./announcement-render.server";
import { announcementCard, audienceInWords } from "./audience-words.server";
import { reachabilityOf, resolveAudience } from "./audiences.server";
import { languageOfAddress } from "./recipient-language.server";
import { digestInLanguage } from "./weekly-digest.server";

// Sending an announcement (issue 35). When it starts (now, or its scheduled time reached), its
// audience is resolved once into announcement_recipients ('waiting'), in the transaction that
// claims it, so two servers never both start it. Then, every round of the worker, a few are
// queued into the outbox at the church's pace: each address's consent is read again just before
// (withdrawn or unsubscribed since: 'skipped'), each e-mail carries its own unsubscribe link
// (List-Unsubscribe, RFC 8058 one-click, and a visible link), and the recipient is marked queued
// in the same transaction as the outbox row. One server queues at a time (a row lock taken with
// SKIP LOCKED), and a recipient moves from 'waiting' only once, so nobody is queued twice, after
// a restart or with several servers. A recipient then follows its outbox row: sent or failed.

export const UNSUBSCRIBE_PURPOSE = "unsubscribe";
export const UNSUBSCRIBE_PATH = "/unsubscribe";
/** How many announcement e-mails may be queued per second (a setting; the mail server's pace). */
export const PACE_SETTING = "announcements:per-second";
export const DEFAULT_PACE = 3;
/** The pace is kept over this window: at most pace x window e-mails queued in it. */
const PACE_WINDOW_SECONDS = 10;
const QUEUE_LOCK = "announcements:queue-lock";

export const ANNOUNCEMENT_KIND = "announcement";
export const TEST_KIND = "announcement.test";

const clock = (moment: Date | "now") =>
  moment === "now" ? sql`now()` : sql`${moment.toISOString()}::timestamptz`;

/** The unsubscribe link at the address of the person's language (issue 39); either address works. */
export function unsubscribeUrl(origin: string, token: string, locale: Locale = "en"): string {
  return `${origin}${localePath(locale, `${UNSUBSCRIBE_PATH}/${token}`)}`;
}

/** The pace in e-mails per second: the setting when it is a sensible number, else 3. */
export async function announcementPace(executor: Executor): Promise<number> {
  const value = await getSetting<unknown>(executor, PACE_SETTING);
  return typeof value === "number" && Number.isFinite(value) && value >= 0.1 && value <= 100
    ? value
    : DEFAULT_PACE;
}

/**
 * The e-mail for one address, with its own unsubscribe link (a new signed link for the address),
 * its frame in the person's language (issue 39; a staff member's test is in English).
 */
async function announcementEmail(
  executor: Executor,
  announcement: Pick<Announcement, "subject" | "body" | "linkKind" | "linkId"> &
    Partial<Pick<Announcement, "id" | "createdByName">>,
  to: string,
  content: SiteContent,
  origin: string,
  lang: Locale = "en",
) {
  // The weekly digest is the site's own writing: it has a copy in the person's language.
  const own =
    announcement.id && announcement.createdByName
      ? await digestInLanguage(
          executor,
          { id: announcement.id, createdByName: announcement.createdByName },
          lang,
        )
      : null;
  const token = await issueLink(executor, { purpose: UNSUBSCRIBE_PURPOSE, subject: to, singleUse: false });
  const url = unsubscribeUrl(origin, token, lang);
  const card = await announcementCard(
    executor,
    { kind: announcement.linkKind, id: announcement.linkId },
    origin,
    lang,
  );
  const email = renderAnnouncementEmail({
    subject: own?.subject ?? announcement.subject,
    body: own?.body ?? announcement.body,
    card,
    unsubscribeUrl: url,
    content,
    lang,
  });
  const headers = { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
  return { email, headers };
}

/** A test of the announcement to `to` (the staff member's own address), marked as such. */
export async function queueTestEmail(
  executor: Executor,
  announcement: Pick<Announcement, "subject" | "body" | "linkKind" | "linkId">,
  to: string,
): Promise<string> {
  const to_ = to.trim().toLowerCase();
  const { email, headers } = await announcementEmail(
    executor,
    announcement,
    to_,
    await getSiteContent(),
    siteOrigin(),
  );
  return queueEmail(executor, {
    kind: TEST_KIND,
    to: to_,
    ...email,
    subject: `[Test] ${email.subject}`,
    headers,
  });
}

/**
 * Claims the announcement (from one of the statuses `from`) and resolves its audience into its
 * recipients, with an audit entry. Returns how many will be sent it, or null when another request
 * or server claimed it first (or it was not in such a status).
 */
export async function startSending(
  id: string,
  actor: Actor,
  /**
   * `dueBy`: only when its scheduled time is at or before this moment (the database's clock).
   * `refuseEmpty`: when nobody can receive it, refuse with this message and change nothing (a
   * person sending it now); without it, an announcement that reaches nobody is simply done.
   */
  options: { from: AnnouncementStatus[]; dueBy?: Date | "now"; refuseEmpty?: string },
): Promise<number | null> {
  const content = await getSiteContent();
  return services().db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(announcements)
      .set({ status: "sending", startedAt: sql`now()` })
      .where(
        and(
          eq(announcements.id, id),
          inArray(announcements.status, options.from),
          options.dueBy ? lte(announcements.scheduledAt, clock(options.dueBy)) : undefined,
        ),
      )
      .returning();
    if (!claimed) return null;
    const people = await resolveAudience(tx, claimed.audience);
    const reachable = people.filter((person) => person.reachability === "reachable");
    // Thrown inside the transaction: the claim is undone with it.
    if (reachable.length === 0 && options.refuseEmpty)
      throw new AppError(options.refuseEmpty, 400, { field: "audience" });
    for (let i = 0; i < reachable.length; i += 500) {
      await tx
        .insert(announcementRecipients)
        .values(
          reachable.slice(i, i + 500).map((person) => ({
            announcementId: id,
            email: person.address!,
            name: person.name,
            memberId: person.memberId,
          })),
        )
        .onConflictDoNothing();
    }
    if (reachable.length === 0) {
      await tx
        .update(announcements)
        .set({ status: "sent", finishedAt: sql`now()` })
        .where(eq(announcements.id, id));
    }
    await logChange(tx, actor, "announcement.sent", {
      subject: { type: "announcement", id, label: claimed.subject },
      details: {
        audience: await audienceInWords(tx, claimed.audience, content),
        recipients: reachable.length,
        people: people.length,
        ...(claimed.scheduledAt && actor === "system" ? { scheduledBy: claimed.createdByName } : {}),
      },
    });
    return reachable.length;
  });
}

/**
 * Starts every scheduled announcement whose time has come, by the database's clock (one for every
 * server), or by `now` (a test's). Returns how many were started.
 */
export async function startDueAnnouncements(now?: Date): Promise<number> {
  const due = await services()
    .db.select({ id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.status, "scheduled"), lte(announcements.scheduledAt, clock(now ?? "now"))))
    .orderBy(asc(announcements.scheduledAt));
  let started = 0;
  for (const { id } of due) {
    if ((await startSending(id, "system", { from: ["scheduled"], dueBy: now ?? "now" })) !== null) started++;
  }
  return started;
}

async function anySending(): Promise<boolean> {
  const [row] = await services()
    .db.select({ id: announcements.id })
    .from(announcements)
    .where(eq(announcements.status, "sending"))
    .limit(1);
  return Boolean(row);
}

/**
 * Queues the next waiting recipients of the announcements being sent, within the pace (or
 * `limit`, for the console and tests). Returns how many were queued and skipped; nothing when
 * another server is queuing at this moment.
 */
export async function queueAnnouncementEmails(
  options: { limit?: number } = {},
): Promise<{ queued: number; skipped: number }> {
  const { db } = services();
  // Most rounds nothing is being sent: one look at the index, and nothing written.
  if (!(await anySending())) return { queued: 0, skipped: 0 };
  await db.insert(settings).values({ key: QUEUE_LOCK, value: {} }).onConflictDoNothing();
  const content = await getSiteContent();
  const origin = siteOrigin();
  return db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ key: settings.key })
      .from(settings)
      .where(eq(settings.key, QUEUE_LOCK))
      .for("update", { skipLocked: true });
    if (!lock) return { queued: 0, skipped: 0 };
    let budget = options.limit;
    if (budget === undefined) {
      const pace = await announcementPace(tx);
      const [recent] = await tx
        .select({ n: count() })
        .from(outboxEmails)
        .where(
          and(
            eq(outboxEmails.kind, ANNOUNCEMENT_KIND),
            gt(outboxEmails.createdAt, sql`now() - ${`${PACE_WINDOW_SECONDS} seconds`}::interval`),
          ),
        );
      budget = Math.max(0, Math.floor(pace * PACE_WINDOW_SECONDS) - (recent?.n ?? 0));
    }
    if (budget === 0) return { queued: 0, skipped: 0 };
    const waiting = await tx
      .select({
        id: announcementRecipients.id,
        email: announcementRecipients.email,
        announcementId: announcementRecipients.announcementId,
      })
      .from(announcementRecipients)
      .innerJoin(announcements, eq(announcements.id, announcementRecipients.announcementId))
      .where(and(eq(announcements.status, "sending"), eq(announcementRecipients.status, "waiting")))
      .orderBy(asc(announcements.startedAt), asc(announcementRecipients.id))
      .limit(budget)
      .for("update", { of: announcementRecipients, skipLocked: true });
    if (waiting.length === 0) return { queued: 0, skipped: 0 };
    const reach = await reachabilityOf(
      tx,
      waiting.map((recipient) => recipient.email),
    );
    const ids = [...new Set(waiting.map((recipient) => recipient.announcementId))];
    const rows = await tx.select().from(announcements).where(inArray(announcements.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    let queued = 0;
    let skipped = 0;
    for (const recipient of waiting) {
      const now = reach.get(recipient.email);
      if (now !== "reachable") {
        skipped++;
        await tx
          .update(announcementRecipients)
          .set({
            status: "skipped",
            error:
              now === "unsubscribed"
                ? "Unsubscribed before their turn."
                : "Withdrew consent before their turn.",
          })
          .where(
            and(eq(announcementRecipients.id, recipient.id), eq(announcementRecipients.status, "waiting")),
          );
        continue;
      }
      const { email, headers } = await announcementEmail(
        tx,
        byId.get(recipient.announcementId)!,
        recipient.email,
        content,
        origin,
        await languageOfAddress(tx, recipient.email),
      );
      const outboxId = await queueEmail(tx, {
        kind: ANNOUNCEMENT_KIND,
        to: recipient.email,
        ...email,
        headers,
      });
      const [marked] = await tx
        .update(announcementRecipients)
        .set({ status: "queued", outboxEmailId: outboxId })
        .where(and(eq(announcementRecipients.id, recipient.id), eq(announcementRecipients.status, "waiting")))
        .returning({ id: announcementRecipients.id });
      // Taken by another server after all: undo this one's e-mail with the whole transaction.
      if (!marked) throw new Error(`Announcement recipient ${recipient.id} was queued twice.`);
      queued++;
    }
    return { queued, skipped };
  });
}

/**
 * Recipients follow their outbox e-mail (sent, or failed with the mail server's answer), and an
 * announcement with nobody left waiting or queued is sent.
 */
export async function settleAnnouncements(): Promise<void> {
  const { db } = services();
  // A cancelled announcement's e-mails already in the outbox are still followed.
  const [open] = await db
    .select({ id: announcementRecipients.id })
    .from(announcementRecipients)
    .where(eq(announcementRecipients.status, "queued"))
    .limit(1);
  if (!open && !(await anySending())) return;
  await db.execute(sql`
    update announcement_recipients as r
    set status = case when o.status = 'sent' then 'sent' else 'failed' end,
        error = case when o.status = 'sent' then null
                     when o.status = 'failed' then coalesce(o.last_error, 'The mail server refused it.')
                     else 'The e-mail was ' || o.status || ' before it went out.' end
    from outbox_emails as o
    where r.outbox_email_id = o.id and r.status = 'queued'
      and o.status in ('sent', 'failed', 'expired', 'discarded')`);
  await db.execute(sql`
    update announcements as a set status = 'sent', finished_at = now()
    where a.status = 'sending' and not exists (
      select 1 from announcement_recipients as r
      where r.announcement_id = a.id and r.status in ('waiting', 'queued'))`);
}

/** One round of the worker: start what is due, queue within the pace, record outcomes. */
export async function runAnnouncementRound(): Promise<void> {
  await startDueAnnouncements();
  await queueAnnouncementEmails();
  await settleAnnouncements();
}
