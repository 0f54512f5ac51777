import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { rosterServices, rosterSlots, type RosterSlotStatus } from "../../../database/schema";
import { todayInChurchZone } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { MAX_DECLINE_REASON } from "~/schemas/serving";
import { hitRateLimits } from "../platform/rate-limit.server";
import { AppError } from "../platform/app-error.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { openAnswerLink, type ClosedRosterLink } from "./roster-links.server";
import { seatById, seatView, volunteersByIds, type SeatView } from "./roster-seats.server";

// Answering a request to serve (issue 36), from the Accept and Decline link of one date or from
// the person's own page. Opening the link changes nothing (mail programs open links to check
// them); the answer is a form post. It can be changed until the date. A link for a seat now held
// by someone else, an altered link and a past date are refused, and nothing is written.

export type Answer = "accept" | "decline";

/** Why an answer is refused, beyond the link itself: the seat is gone, someone else's, or past. */
export type SeatRefusal = ClosedRosterLink | "gone" | "not-yours" | "past";

export const answerTexts = {
  reasonTooLong: `Please keep the reason to ${MAX_DECLINE_REASON} characters.`,
  notAnswerable: "This date cannot be answered any more.",
};

/** A seat the link's person may still answer: theirs, on the roster, today or later. */
async function answerableSeat(executor: Executor, memberId: string, slotId: string, today: string) {
  const seat = await seatById(executor, slotId);
  if (!seat) return { refusal: "gone" as const };
  if (seat.memberId !== memberId) return { refusal: "not-yours" as const };
  if (seat.serviceDate < today) return { refusal: "past" as const };
  return { seat };
}

export type AnswerOpening =
  { ok: true; firstName: string; seat: SeatView } | { ok: false; refusal: SeatRefusal };

/** What an answer link shows: the person's first name and the seat. Writes nothing. */
export async function openAnswer(token: string, now = new Date()): Promise<AnswerOpening> {
  const { db } = services();
  const link = await openAnswerLink(db, token);
  if (!link.ok) return { ok: false, refusal: link.closed };
  const found = await answerableSeat(db, link.memberId, link.slotId, todayInChurchZone(now));
  if (!found.seat) return { ok: false, refusal: found.refusal };
  const person = (await volunteersByIds(db, [link.memberId])).get(link.memberId);
  if (!person) return { ok: false, refusal: "invalid" };
  return { ok: true, firstName: person.firstName, seat: seatView(found.seat) };
}

/** The reason as stored: trimmed, null when empty; refused (400) when too long. */
export function cleanReason(reason: string | null | undefined): string | null {
  const trimmed = (reason ?? "").replace(/\r\n?/g, "\n").trim();
  if (trimmed.length > MAX_DECLINE_REASON)
    throw new AppError(answerTexts.reasonTooLong, 400, { field: "reason" });
  return trimmed || null;
}

const FROM: Record<Answer, RosterSlotStatus[]> = {
  // "replacing" accepted again: the person can come after all, and the offers close.
  accept: ["pending", "declined", "replacing"],
  decline: ["pending", "accepted", "declined", "replacing"],
};

/**
 * Records the member's answer for a seat of theirs, in `tx`: one conditional update (still
 * theirs, still answerable, today or later). Returns whether it changed anything, or why not.
 */
export async function answerAsMember(
  tx: Executor,
  memberId: string,
  slotId: string,
  answer: Answer,
  reason: string | null,
  today: string,
): Promise<{ changed: boolean } | { refusal: SeatRefusal }> {
  const status: RosterSlotStatus = answer === "accept" ? "accepted" : "declined";
  const declineReason = answer === "decline" ? reason : null;
  const [changed] = await tx
    .update(rosterSlots)
    .set({ status, declineReason, answeredAt: sql`now()` })
    .where(
      and(
        eq(rosterSlots.id, slotId),
        eq(rosterSlots.memberId, memberId),
        inArray(rosterSlots.status, FROM[answer]),
        // The same answer again (with the same reason) changes nothing.
        sql`not (${rosterSlots.status} = ${status} and ${rosterSlots.declineReason} is not distinct from ${declineReason})`,
        inArray(
          rosterSlots.serviceId,
          tx
            .select({ id: rosterServices.id })
            .from(rosterServices)
            .where(gte(rosterServices.serviceDate, today)),
        ),
      ),
    )
    .returning({ id: rosterSlots.id });
  if (changed) return { changed: true };
  const found = await answerableSeat(tx, memberId, slotId, today);
  if (!found.seat) return { refusal: found.refusal };
  if (found.seat.status === status) return { changed: false };
  // A seat still being chosen (draft) is not the person's to answer yet.
  return { refusal: "gone" };
}

export type AnswerOutcome =
  { ok: true; firstName: string; seat: SeatView; changed: boolean } | { ok: false; refusal: SeatRefusal };

/**
 * Answers the seat of an answer link. Throws AppError (400, field "reason") for a reason that is
 * too long, before anything is written.
 */
export async function answerByLink(
  token: string,
  answer: Answer,
  reason: string | null,
  now = new Date(),
): Promise<AnswerOutcome> {
  const cleaned = answer === "decline" ? cleanReason(reason) : null;
  const today = todayInChurchZone(now);
  return services().db.transaction(async (tx) => {
    // Read, not used up: the link answers as often as the person changes their mind.
    const link = await openAnswerLink(tx, token);
    if (!link.ok) return { ok: false, refusal: link.closed };
    const person = (await volunteersByIds(tx, [link.memberId])).get(link.memberId);
    if (!person) return { ok: false, refusal: "invalid" };
    const outcome = await answerAsMember(tx, link.memberId, link.slotId, answer, cleaned, today);
    if ("refusal" in outcome) return { ok: false, refusal: outcome.refusal };
    const seat = (await seatById(tx, link.slotId))!;
    return { ok: true, firstName: person.firstName, seat: seatView(seat), changed: outcome.changed };
  });
}

/**
 * Answers one of the member's seats from their own page (the page's link gave the member).
 * Throws AppError (400, field "reason") for a reason that is too long, writing nothing.
 */
export async function answerFromPage(
  memberId: string,
  slotId: string,
  answer: Answer,
  reason: string | null,
  now = new Date(),
): Promise<{ changed: boolean } | { refusal: SeatRefusal }> {
  const cleaned = answer === "decline" ? cleanReason(reason) : null;
  if (!isUuid(slotId)) return { refusal: "gone" };
  const today = todayInChurchZone(now);
  return services().db.transaction((tx) => answerAsMember(tx, memberId, slotId, answer, cleaned, today));
}

/** Posts to the volunteers' pages: the limits of the public forms, per connection. */
export async function allowServePost(clientIp: string): Promise<boolean> {
  const limit = await hitRateLimits(services().db, [
    { key: `forms:minute:${clientIp}`, limit: 30, windowMs: 60_000 },
    { key: `forms:day:${clientIp}`, limit: 300, windowMs: 24 * 60 * 60_000 },
  ]);
  return limit.allowed;
}
