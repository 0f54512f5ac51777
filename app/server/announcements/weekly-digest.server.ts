import { and, asc, desc, eq, gte, lt, lte } from "drizzle-orm";
import { announcements, events, sermons, settings, type Audience } from "../../../database/schema";
import { addDays, dayOfWeek, momentInChurchZone, todayInChurchZone } from "~/lib/dates";
import { dateLongIn } from "~/lib/dates-in-language";
import { formatTimeRange } from "~/lib/format";
import { localePath, type Locale } from "~/lib/i18n";
import type { StaffUser } from "../auth/staff-user.server";
import { logChange } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { getSetting, setSetting } from "../platform/settings.server";
import { siteOrigin } from "../platform/site-origin.server";
import { getSiteContent } from "../site/site-content.server";
import { sharedPrayerTexts } from "../prayer/prayer-requests.server";
import { announcementPreviewHtml } from "./announcement-render.server";
import { countAudience, resolveAudience, type AudienceCount } from "./audiences.server";
import { digestBody, digestSubject } from "./digest-words.server";

// The weekly digest (issue 35): optional and off by default. Every Monday from 07:00 Bahrain time
// the worker writes one announcement to the members who asked for it (a 'digest' consent) with
// the week's events (Monday to Sunday), the newest sermons of the week before and the shared
// prayer requests still prayed for (issue 38, their words only), and the
// announcements' own sending (pace, consent read again, unsubscribe, several servers) sends it.
// A week is claimed by a settings row `digest:week:<Monday>` written in the transaction that
// writes the announcement, so however many servers run the job, a week has one digest. A week
// with nothing to tell, or nobody to tell it to, is claimed too and nothing is sent. The digest
// is written in English and in Filipino (issue 39): the Filipino copy is kept beside the
// announcement (a setting) for the members whose language is Filipino.

export const DIGEST_ENABLED_SETTING = "digest:enabled";
const WEEK_KEY_PREFIX = "digest:week:";
/** When on a Monday (Bahrain time) the digest is made. */
export const DIGEST_TIME = "07:00";
/** The digest's audience: the members with a current 'digest' consent (consent applied when sent). */
export const DIGEST_AUDIENCE: Audience = { combine: "any", parts: [{ kind: "digest" }] };
/** The announcement's "created by", as its page and the audit log show it. */
export const DIGEST_SENDER = "Weekly digest";
const SERMON_COUNT = 3;

export interface DigestEvent {
  id: string;
  title: string;
  /** "Friday, December 20, 2030, 7:00 PM - 9:00 PM", as the site writes it. */
  when: string;
  place: string;
  url: string;
}

export interface DigestSermon {
  id: string;
  title: string;
  when: string;
  speaker: string;
  passage: string | null;
  url: string;
}

export interface Digest {
  /** The week's Monday and Sunday (YYYY-MM-DD, the church's dates). */
  monday: string;
  sunday: string;
  subject: string;
  /** Markdown, as staff write an announcement's body. */
  body: string;
  events: DigestEvent[];
  sermons: DigestSermon[];
  /** The words of the shared prayer requests still prayed for (issue 38): no names, no contacts. */
  prayers: string[];
}

/** The Monday and Sunday of the week `now` falls in, on the church's calendar. */
export function digestWeek(now: Date): { monday: string; sunday: string } {
  const today = todayInChurchZone(now);
  const monday = addDays(today, -((dayOfWeek(today) + 6) % 7));
  return { monday, sunday: addDays(monday, 6) };
}

/**
 * The digest of the week `now` falls in: its events (every date from Monday to Sunday, a repeating
 * event's included) and the newest sermons dated in the week before. The demo content is left
 * out: it is not the church's. In a language: Filipino dates, titles and addresses (issue 39).
 */
export async function buildDigest(
  now: Date,
  executor: Executor = services().db,
  locale: Locale = "en",
): Promise<Digest> {
  const week = digestWeek(now);
  const origin = siteOrigin();
  const content = await getSiteContent();
  const eventRows = await executor
    .select({
      id: events.id,
      title: events.title,
      titleFil: events.titleFil,
      date: events.eventDate,
      time: events.eventTime,
      endTime: events.eventEndTime,
      place: events.locationName,
    })
    .from(events)
    .where(
      and(gte(events.eventDate, week.monday), lte(events.eventDate, week.sunday), eq(events.isDemo, false)),
    )
    .orderBy(asc(events.eventDate), asc(events.eventTime), asc(events.title), asc(events.id));
  const sermonRows = await executor
    .select({
      id: sermons.id,
      title: sermons.title,
      titleFil: sermons.titleFil,
      date: sermons.sermonDate,
      speaker: sermons.speaker,
      passage: sermons.passage,
    })
    .from(sermons)
    .where(
      and(
        gte(sermons.sermonDate, addDays(week.monday, -7)),
        lt(sermons.sermonDate, week.monday),
        eq(sermons.isDemo, false),
      ),
    )
    .orderBy(desc(sermons.sermonDate), desc(sermons.createdAt), desc(sermons.id))
    .limit(SERMON_COUNT);
  const titleIn = (row: { title: string; titleFil: string | null }) =>
    locale === "fil" && row.titleFil?.trim() ? row.titleFil.trim() : row.title;
  const found = {
    events: eventRows.map((row) => ({
      id: row.id,
      title: titleIn(row),
      when: `${dateLongIn(locale, row.date)}, ${formatTimeRange(row.time, row.endTime)}`,
      place: row.place,
      url: `${origin}${localePath(locale, `/events/${row.id}`)}`,
    })),
    sermons: sermonRows.map((row) => ({
      id: row.id,
      title: titleIn(row),
      when: dateLongIn(locale, row.date),
      speaker: row.speaker,
      passage: row.passage?.trim() || null,
      url: `${origin}${localePath(locale, `/media/sermons/${row.id}`)}`,
    })),
    prayers: await sharedPrayerTexts(todayInChurchZone(now), executor),
  };
  return {
    ...week,
    subject: digestSubject(content.church.name, week, locale),
    body: digestBody(content.church.name, week, found, origin, locale),
    ...found,
  };
}

export async function isDigestEnabled(executor: Executor = services().db): Promise<boolean> {
  return (await getSetting<unknown>(executor, DIGEST_ENABLED_SETTING)) === true;
}

/** Switches the digest on or off, with an audit entry. Returns false when it already was so. */
export async function setDigestEnabled(user: StaffUser, on: boolean): Promise<boolean> {
  return services().db.transaction(async (tx) => {
    if ((await isDigestEnabled(tx)) === on) return false;
    await setSetting(tx, DIGEST_ENABLED_SETTING, on);
    await logChange(tx, { id: user.id, email: user.email }, "settings.digest-changed", {
      subject: { type: "settings", label: "Weekly digest" },
      details: { on },
    });
    return true;
  });
}

/** What became of a week's digest: its announcement, or why nothing was sent. */
export type DigestWeekRecord =
  { announcementId: string; recipients: number } | { skipped: "nothing-new" | "nobody" };

export async function digestWeekRecord(monday: string): Promise<DigestWeekRecord | null> {
  return (await getSetting<DigestWeekRecord>(services().db, `${WEEK_KEY_PREFIX}${monday}`)) ?? null;
}

export type DigestRun = "off" | "not-due" | "done-already" | "made" | "nothing-new" | "nobody";

/**
 * The worker's job, run once a minute on every server: on a Monday from 07:00 (Bahrain time),
 * with the digest on, makes this week's digest once; the announcements' round sends it.
 */
export async function runWeeklyDigest(now: Date = new Date()): Promise<DigestRun> {
  const { db } = services();
  if (!(await isDigestEnabled(db))) return "off";
  const today = todayInChurchZone(now);
  if (dayOfWeek(today) !== 1 || now.getTime() < momentInChurchZone(today, DIGEST_TIME).getTime()) {
    return "not-due";
  }
  const key = `${WEEK_KEY_PREFIX}${today}`;
  // Most minutes of a Monday the week is done: one read, nothing built.
  if ((await getSetting(db, key)) !== undefined) return "done-already";
  const digest = await buildDigest(now);
  const filipino = await buildDigest(now, db, "fil");
  return db.transaction(async (tx) => {
    // The claim: of two servers at once, the second waits for the first and then finds the row.
    const [claimed] = await tx
      .insert(settings)
      .values({ key, value: { skipped: "nothing-new" } })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (!claimed) return "done-already";
    if (digest.events.length === 0 && digest.sermons.length === 0 && digest.prayers.length === 0) {
      return "nothing-new";
    }
    const people = await resolveAudience(tx, DIGEST_AUDIENCE);
    const recipients = people.filter((person) => person.reachability === "reachable").length;
    if (recipients === 0) {
      await setSetting(tx, key, { skipped: "nobody" } satisfies DigestWeekRecord);
      return "nobody";
    }
    const [made] = await tx
      .insert(announcements)
      .values({
        subject: digest.subject,
        body: digest.body,
        audience: DIGEST_AUDIENCE,
        status: "scheduled",
        scheduledAt: now,
        createdBy: null,
        createdByName: DIGEST_SENDER,
        ministryScope: null,
      })
      .returning({ id: announcements.id });
    await setSetting(tx, key, { announcementId: made!.id, recipients } satisfies DigestWeekRecord);
    await setSetting(tx, `${IN_LANGUAGE_PREFIX}${made!.id}`, {
      fil: { subject: filipino.subject, body: filipino.body },
    } satisfies DigestInLanguages);
    return "made";
  });
}

const IN_LANGUAGE_PREFIX = "digest:in-language:";
type DigestInLanguages = Partial<Record<Locale, { subject: string; body: string }>>;

/**
 * The digest announcement's subject and body in another language (issue 39), for a recipient
 * whose language it is; null for any other announcement, or English.
 */
export async function digestInLanguage(
  executor: Executor,
  announcement: { id: string; createdByName: string | null },
  locale: Locale,
): Promise<{ subject: string; body: string } | null> {
  if (locale === "en" || announcement.createdByName !== DIGEST_SENDER) return null;
  const copies = await getSetting<DigestInLanguages>(executor, `${IN_LANGUAGE_PREFIX}${announcement.id}`);
  return copies?.[locale] ?? null;
}

/** The Monday the next digest is made: today when it is Monday and this week's is not made yet. */
export function nextDigestMonday(now: Date, thisWeekMade: boolean): string {
  const { monday } = digestWeek(now);
  return todayInChurchZone(now) === monday && !thisWeekMade ? monday : addDays(monday, 7);
}

export interface DigestOverview {
  enabled: boolean;
  audience: AudienceCount;
  nextMonday: string;
  thisWeek: DigestWeekRecord | null;
  digest: Digest;
  /** This week's digest in the church's e-mail layout. */
  previewHtml: string;
}

/** What the digest screen shows: on or off, who asked for it, when it goes next, this week's. */
export async function digestOverview(now: Date = new Date()): Promise<DigestOverview> {
  const [enabled, audience, digest, content] = await Promise.all([
    isDigestEnabled(),
    countAudience(DIGEST_AUDIENCE),
    buildDigest(now),
    getSiteContent(),
  ]);
  const thisWeek = await digestWeekRecord(digest.monday);
  return {
    enabled,
    audience,
    nextMonday: nextDigestMonday(now, thisWeek !== null),
    thisWeek,
    digest,
    previewHtml: announcementPreviewHtml({ subject: digest.subject, body: digest.body, card: null, content }),
  };
}
