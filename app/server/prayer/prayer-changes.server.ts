import { eq } from "drizzle-orm";
import type { z } from "zod";
import { prayerRequests } from "../../../database/schema";
import { PRAYER_VISIBILITY_LABELS, type PrayerVisibility } from "~/lib/care";
import { todayInChurchZone } from "~/lib/dates";
import { answerSchema, expiryFormSchema, staffPrayerSchema, visibilitySchema } from "~/schemas/prayer";
import type { StaffUser } from "../auth/staff-user.server";
import { startFollowUp } from "../care/follow-ups.server";
import { AppError, notFound } from "../http/errors.server";
import { logChange, type Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { chosenMember, mayReadPrivate, readablePrayerRow } from "./prayer-requests.server";

// What staff change on prayer requests (issue 38): record one, mark it answered, move its expiry,
// change who may read it (pastors only), delete it. Each is audited by what happened, never by
// what the request or the note says; a private request is refused (403) to anyone but a pastor,
// however the form was sent.

/** The reason of the follow-up a request starts when they ask for a call (no words of the request). */
export const PRAYER_CALL_REASON = "Asked for a call after a prayer request";
/** The follow-up's name for someone who gave none. */
export const NO_NAME = "Name not given";

const subject = (id: string) => ({ type: "prayer-request", id, label: "Prayer request" });

/** The form's first problem, refused on its field. */
function checked<Schema extends z.ZodType>(schema: Schema, fields: Record<string, string>): z.output<Schema> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new AppError(issue.message, 400, { field: String(issue.path[0] ?? "form") });
}

export interface NewPrayerRequest {
  memberId: string | null;
  name: string;
  email: string;
  mobile: string;
  request: string;
  visibility: PrayerVisibility;
  wantsCall: boolean;
  source: "form" | "staff";
  expiresOn: string;
}

/**
 * Writes a request in the caller's transaction, with its audit entry, and starts a follow-up when
 * they asked for a call. Contacts are kept only for that call.
 */
export async function insertPrayerRequest(
  tx: Executor,
  input: NewPrayerRequest,
  actor: Actor,
  today: string,
): Promise<string> {
  const email = input.wantsCall ? input.email : "";
  const mobile = input.wantsCall ? input.mobile : "";
  const [row] = await tx
    .insert(prayerRequests)
    .values({
      memberId: input.memberId,
      name: input.name,
      email,
      mobile,
      request: input.request,
      visibility: input.visibility,
      wantsCall: input.wantsCall,
      source: input.source,
      expiresOn: input.expiresOn,
      createdBy: typeof actor === "string" ? "" : actor.email,
    })
    .returning({ id: prayerRequests.id });
  const id = row!.id;
  if (input.wantsCall) {
    await startFollowUp(
      tx,
      {
        memberId: input.memberId,
        name: input.name || NO_NAME,
        email,
        mobile,
        reason: PRAYER_CALL_REASON,
        source: "prayer",
      },
      actor,
      today,
    );
  }
  await logChange(tx, actor, "prayer.created", {
    subject: subject(id),
    details: { source: input.source, visibility: input.visibility, wantsCall: input.wantsCall },
  });
  return id;
}

/** Staff record a request (for a member of the registry, or by a name, or anonymous). */
export async function recordPrayerRequest(
  fields: Record<string, string>,
  actor: StaffUser,
  today: string = todayInChurchZone(),
): Promise<{ id: string; visibility: PrayerVisibility }> {
  const input = checked(staffPrayerSchema(today), fields);
  return services().db.transaction(async (tx) => {
    const member = input.memberId ? await chosenMember(input.memberId, tx) : null;
    if (input.memberId && !member) {
      throw new AppError("That member could not be found. They may have been deleted.", 404, {
        field: "memberId",
      });
    }
    const id = await insertPrayerRequest(
      tx,
      { ...input, name: member?.name ?? input.name, source: "staff" },
      actor,
      today,
    );
    return { id, visibility: input.visibility };
  });
}

/** Marks a request answered, with a note of how (kept on the request, not in the audit log). */
export async function answerPrayerRequest(
  requestId: string,
  fields: Record<string, string>,
  actor: StaffUser,
) {
  const { note } = checked(answerSchema, fields);
  await services().db.transaction(async (tx) => {
    const row = await readablePrayerRow(requestId, actor, tx, { forUpdate: true });
    if (row.answeredAt) throw new AppError("This prayer request is already marked answered.", 409);
    await tx
      .update(prayerRequests)
      .set({ answeredAt: new Date(), answerNote: note })
      .where(eq(prayerRequests.id, row.id));
    await logChange(tx, actor, "prayer.answered", {
      subject: subject(row.id),
      details: { note: note !== "" },
    });
  });
}

/** Moves the date a request leaves the active list. */
export async function changePrayerExpiry(
  requestId: string,
  fields: Record<string, string>,
  actor: StaffUser,
  today: string = todayInChurchZone(),
) {
  const { expiresOn } = checked(expiryFormSchema(today), fields);
  await services().db.transaction(async (tx) => {
    const row = await readablePrayerRow(requestId, actor, tx, { forUpdate: true });
    if (row.expiresOn === expiresOn) return;
    await tx.update(prayerRequests).set({ expiresOn }).where(eq(prayerRequests.id, row.id));
    await logChange(tx, actor, "prayer.changed", {
      subject: subject(row.id),
      details: { changes: [{ field: "expiresOn", label: "Expires on", from: row.expiresOn, to: expiresOn }] },
    });
  });
}

/** Who may read it: only a pastor changes it (a team member could otherwise hide or share one). */
export async function changePrayerVisibility(
  requestId: string,
  fields: Record<string, string>,
  actor: StaffUser,
) {
  if (!mayReadPrivate(actor)) {
    throw new AppError("Only the pastors may change who reads a prayer request.", 403);
  }
  const { visibility } = checked(visibilitySchema, fields);
  await services().db.transaction(async (tx) => {
    const row = await readablePrayerRow(requestId, actor, tx, { forUpdate: true });
    if (row.visibility === visibility) return;
    await tx.update(prayerRequests).set({ visibility }).where(eq(prayerRequests.id, row.id));
    await logChange(tx, actor, "prayer.changed", {
      subject: subject(row.id),
      details: {
        changes: [
          {
            field: "visibility",
            label: "Who may read it",
            from: PRAYER_VISIBILITY_LABELS[row.visibility as PrayerVisibility] ?? row.visibility,
            to: PRAYER_VISIBILITY_LABELS[visibility],
          },
        ],
      },
    });
  });
}

/** Deletes a request for good; a follow-up it started stays (it is a card of its own). */
export async function deletePrayerRequest(requestId: string, actor: StaffUser): Promise<true> {
  await services().db.transaction(async (tx) => {
    const row = await readablePrayerRow(requestId, actor, tx, { forUpdate: true });
    const removed = await tx
      .delete(prayerRequests)
      .where(eq(prayerRequests.id, row.id))
      .returning({ id: prayerRequests.id });
    if (removed.length === 0) throw notFound("That prayer request could not be found.");
    await logChange(tx, actor, "prayer.deleted", { subject: subject(row.id), details: {} });
  });
  return true;
}
