import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  announcementRecipients,
  announcements,
  events,
  sermons,
  type Announcement,
  type RecipientStatus,
} from "../../../database/schema";
import { firstError, firstErrors } from "~/lib/action-result";
import { momentInChurchZone } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { announcementDraftSchema } from "~/schemas/announcement";
import { ministryScope, type MinistryScope } from "../auth/ministry-scope.server";
import type { StaffUser } from "../auth/staff-user.server";
import { AppError, notFound } from "../http/errors.server";
import { logChange } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { getSiteContent } from "../site/site-content.server";
import { audienceInWords } from "./audience-words.server";
import { countAudience, requireAudienceInScope } from "./audiences.server";
import { queueTestEmail, startSending } from "./announcement-sending.server";

// Announcements (issue 35): staff write one (a draft, kept), send a test to themselves, then send
// it now or schedule it (Bahrain time). Sending is the job's (announcement-sending.server.ts).
// A role limited to ministries sees and sends only announcements whose audience lies within its
// ministries; any other is not found.

const NOT_FOUND = "That announcement could not be found. It may belong to a ministry you do not look after.";

export const NOBODY_REACHABLE =
  "Nobody in this audience can receive it: no one has agreed to the church's e-mails with a valid address. Choose other people.";

/** Announcements whose audience lies within `scope` (each part a ministry or sign-ups of it). */
function visibleIn(scope: MinistryScope | undefined): SQL | undefined {
  if (!scope) return undefined;
  if (scope.length === 0) return sql`false`;
  return sql`not exists (
    select 1 from jsonb_array_elements(${announcements.audience} -> 'parts') as part
    where not (part ->> 'kind' in ('ministry', 'sign-ups') and part ->> 'slug' in ${[...scope]})
  )`;
}

const actorOf = (user: StaffUser) => ({ id: user.id, email: user.email });

/** Validates a draft; throws AppError naming the first problem (nothing is written). */
async function readDraft(input: unknown, scope: MinistryScope) {
  const parsed = announcementDraftSchema.safeParse(input);
  if (!parsed.success) {
    const fields = firstErrors(parsed.error.issues);
    const field = Object.keys(fields)[0];
    throw new AppError(firstError(fields) ?? "Please check the announcement.", 400, { field });
  }
  const draft = parsed.data;
  requireAudienceInScope(draft.audience, scope);
  if (draft.link) {
    const table = draft.link.kind === "event" ? events : sermons;
    const [found] = await services()
      .db.select({ id: table.id })
      .from(table)
      .where(eq(table.id, draft.link.id))
      .limit(1);
    if (!found) throw new AppError(`That ${draft.link.kind} could not be found.`, 400, { field: "link" });
  }
  return draft;
}

/** Saves a new draft (no `id`) or changes one; returns its id. Only drafts and scheduled ones change. */
export async function saveDraft(user: StaffUser, input: unknown, id?: string): Promise<string> {
  const scope = ministryScope(user);
  const draft = await readDraft(input, scope);
  const values = {
    subject: draft.subject,
    body: draft.body,
    linkKind: draft.link?.kind ?? null,
    linkId: draft.link?.id ?? null,
    audience: draft.audience,
  };
  const { db } = services();
  if (!id) {
    const [row] = await db
      .insert(announcements)
      .values({ ...values, createdBy: user.id, createdByName: user.name, ministryScope: scope })
      .returning({ id: announcements.id });
    return row!.id;
  }
  await getAnnouncement(id, scope);
  const [changed] = await db
    .update(announcements)
    .set(values)
    .where(and(eq(announcements.id, id), inArray(announcements.status, ["draft", "scheduled"])))
    .returning({ id: announcements.id });
  if (!changed)
    throw new AppError("This announcement is being sent or was sent; it can no longer be changed.", 409);
  return id;
}

export type RecipientCounts = Record<RecipientStatus, number>;

/** One announcement with how its recipients stand; not found outside the person's ministries. */
export async function getAnnouncement(
  id: string,
  scope: MinistryScope | undefined,
): Promise<Announcement & { recipients: RecipientCounts }> {
  if (!isUuid(id)) throw notFound(NOT_FOUND);
  const { db } = services();
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), visibleIn(scope)))
    .limit(1);
  if (!row) throw notFound(NOT_FOUND);
  const recipients: RecipientCounts = { waiting: 0, queued: 0, sent: 0, failed: 0, skipped: 0 };
  const counts = await db
    .select({ status: announcementRecipients.status, n: count() })
    .from(announcementRecipients)
    .where(eq(announcementRecipients.announcementId, id))
    .groupBy(announcementRecipients.status);
  for (const { status, n } of counts) recipients[status] = n;
  return { ...row, recipients };
}

/** The newest announcements the person may see. */
export async function listAnnouncements(scope: MinistryScope | undefined, limit = 100) {
  return services()
    .db.select({
      id: announcements.id,
      subject: announcements.subject,
      status: announcements.status,
      scheduledAt: announcements.scheduledAt,
      startedAt: announcements.startedAt,
      finishedAt: announcements.finishedAt,
      createdByName: announcements.createdByName,
      createdAt: announcements.createdAt,
    })
    .from(announcements)
    .where(visibleIn(scope))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(limit);
}

/** Sends the announcement to the person's own address, marked as a test, through the outbox. */
export async function sendTest(user: StaffUser, id: string): Promise<string> {
  const announcement = await getAnnouncement(id, ministryScope(user));
  return queueTestEmail(services().db, announcement, user.email);
}

/** Refuses (nothing written) an audience the person may not use or that reaches nobody now. */
async function requireSendable(announcement: Announcement, scope: MinistryScope) {
  const reach = await countAudience(announcement.audience, scope);
  if (reach.reachable === 0) throw new AppError(NOBODY_REACHABLE, 400, { field: "audience" });
  return reach;
}

/** Starts sending a draft (or a scheduled one) now: its audience is resolved at once. */
export async function sendNow(user: StaffUser, id: string): Promise<{ recipients: number }> {
  const scope = ministryScope(user);
  const announcement = await getAnnouncement(id, scope);
  if (announcement.status !== "draft" && announcement.status !== "scheduled") {
    throw new AppError("This announcement is already being sent, was sent, or was cancelled.", 409);
  }
  // The audience is resolved once, when sending starts: nobody to send to refuses and changes nothing.
  requireAudienceInScope(announcement.audience, scope);
  const started = await startSending(id, actorOf(user), {
    from: ["draft", "scheduled"],
    refuseEmpty: NOBODY_REACHABLE,
  });
  if (started === null)
    throw new AppError("This announcement is already being sent, was sent, or was cancelled.", 409);
  return { recipients: started };
}

/**
 * Schedules a draft for a moment on the church's clock ("2026-12-01T09:30", Bahrain time),
 * refused in the past. Returns the moment.
 */
export async function schedule(user: StaffUser, id: string, at: string): Promise<Date> {
  const scope = ministryScope(user);
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(at.trim());
  if (!match) throw new AppError("Please choose a date and time to send it.", 400, { field: "scheduledAt" });
  const moment = momentInChurchZone(match[1]!, match[2]!);
  if (Number.isNaN(moment.getTime())) {
    throw new AppError("Please choose a date and time to send it.", 400, { field: "scheduledAt" });
  }
  if (moment.getTime() <= Date.now()) {
    throw new AppError("That time has already passed. Please choose a time in the future.", 400, {
      field: "scheduledAt",
    });
  }
  const announcement = await getAnnouncement(id, scope);
  await requireSendable(announcement, scope);
  const content = await getSiteContent();
  await services().db.transaction(async (tx) => {
    const [changed] = await tx
      .update(announcements)
      .set({ status: "scheduled", scheduledAt: moment })
      .where(and(eq(announcements.id, id), inArray(announcements.status, ["draft", "scheduled"])))
      .returning({ id: announcements.id });
    if (!changed)
      throw new AppError("This announcement is already being sent, was sent, or was cancelled.", 409);
    await logChange(tx, actorOf(user), "announcement.scheduled", {
      subject: { type: "announcement", id, label: announcement.subject },
      details: {
        at: moment.toISOString(),
        audience: await audienceInWords(tx, announcement.audience, content),
      },
    });
  });
  return moment;
}

/**
 * Cancels a draft, a scheduled announcement or one being sent (those not yet queued are skipped;
 * e-mails already in the outbox still go). Returns false when it had already ended.
 */
export async function cancelAnnouncement(user: StaffUser, id: string): Promise<boolean> {
  const announcement = await getAnnouncement(id, ministryScope(user));
  return services().db.transaction(async (tx: Executor) => {
    const [changed] = await tx
      .update(announcements)
      .set({ status: "cancelled", finishedAt: sql`now()` })
      .where(and(eq(announcements.id, id), inArray(announcements.status, ["draft", "scheduled", "sending"])))
      .returning({ id: announcements.id });
    if (!changed) return false;
    const skipped = await tx
      .update(announcementRecipients)
      .set({ status: "skipped", error: "The announcement was cancelled." })
      .where(and(eq(announcementRecipients.announcementId, id), eq(announcementRecipients.status, "waiting")))
      .returning({ id: announcementRecipients.id });
    await logChange(tx, actorOf(user), "announcement.cancelled", {
      subject: { type: "announcement", id, label: announcement.subject },
      details: { was: announcement.status, notSent: skipped.length },
    });
    return true;
  });
}
