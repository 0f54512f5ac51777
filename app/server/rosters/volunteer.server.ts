import { and, asc, count, eq, gte, ne } from "drizzle-orm";
import { rosterBlockouts, rosterServices, rosterSlots } from "../../../database/schema";
import { addDays, isIsoDate, todayInChurchZone } from "~/lib/dates";
import { formatDateLong } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { MAX_BLOCKOUT_REASON } from "~/schemas/serving";
import { AppError } from "../platform/app-error.server";
import { services } from "../platform/services.server";
import { siteOrigin } from "../platform/site-origin.server";
import {
  openMemberLink,
  renewCalendarLink,
  rosterUrls,
  ROSTER_PURPOSES,
  type ClosedRosterLink,
} from "./roster-links.server";
import { seatsWhere, seatView, volunteersByIds, type SeatView } from "./roster-seats.server";

// A volunteer's own serving page (issue 36), reached by a signed link (no account): their first
// name, their upcoming seats in any team, the days they are away (blockouts) and their calendar
// feed. Everything here is the link's member's own: a seat or blockout id of anyone else's in a
// form finds nothing.

/** How far ahead a blockout may reach. */
export const BLOCKOUT_HORIZON_DAYS = 2 * 366;
/** Upcoming blockouts one person may have. */
export const MAX_BLOCKOUTS = 100;

export const blockoutTexts = {
  from: "Please enter the first day you are away.",
  to: "Please enter the last day you are away.",
  past: "That day has already passed. Please choose today or a later day.",
  order: "The last day cannot be before the first day.",
  far: "Please choose days within the next two years.",
  reason: `Please keep the reason to ${MAX_BLOCKOUT_REASON} characters.`,
  many: `You already have ${MAX_BLOCKOUTS} days away listed. Please remove some first.`,
};

export interface BlockoutView {
  id: string;
  startsOn: string;
  endsOn: string;
  /** "Friday, December 5, 2026" or "Friday, December 5, 2026 to Sunday, December 7, 2026". */
  when: string;
  reason: string | null;
}

export interface PersonalPage {
  firstName: string;
  /** Their upcoming seats that they have been asked about (not those still being chosen). */
  seats: SeatView[];
  /** Their blockouts that have not ended. */
  blockouts: BlockoutView[];
  today: string;
}

export type PersonalLink = { ok: true; memberId: string } | { ok: false; closed: ClosedRosterLink };

/** The member a page link is for, while they are in the registry. Writes nothing. */
export async function openPersonalLink(token: string): Promise<PersonalLink> {
  const { db } = services();
  const link = await openMemberLink(db, ROSTER_PURPOSES.page, token);
  if (!link.ok) return link;
  const person = (await volunteersByIds(db, [link.memberId])).get(link.memberId);
  return person ? link : { ok: false, closed: "invalid" };
}

function blockoutWhen(startsOn: string, endsOn: string): string {
  return startsOn === endsOn
    ? formatDateLong(startsOn)
    : `${formatDateLong(startsOn)} to ${formatDateLong(endsOn)}`;
}

/** What the member's page shows (null when they are no longer in the registry). */
export async function personalPage(memberId: string, now = new Date()): Promise<PersonalPage | null> {
  const { db } = services();
  const today = todayInChurchZone(now);
  const person = (await volunteersByIds(db, [memberId])).get(memberId);
  if (!person) return null;
  const seats = await seatsWhere(
    db,
    and(
      eq(rosterSlots.memberId, memberId),
      ne(rosterSlots.status, "draft"),
      gte(rosterServices.serviceDate, today),
    ),
  );
  const blockouts = await db
    .select({
      id: rosterBlockouts.id,
      startsOn: rosterBlockouts.startsOn,
      endsOn: rosterBlockouts.endsOn,
      reason: rosterBlockouts.reason,
    })
    .from(rosterBlockouts)
    .where(and(eq(rosterBlockouts.memberId, memberId), gte(rosterBlockouts.endsOn, today)))
    .orderBy(asc(rosterBlockouts.startsOn), asc(rosterBlockouts.endsOn));
  return {
    firstName: person.firstName,
    seats: seats.map(seatView),
    blockouts: blockouts.map((row) => ({ ...row, when: blockoutWhen(row.startsOn, row.endsOn) })),
    today,
  };
}

const refuse = (message: string, field: string) => new AppError(message, 400, { field });

/**
 * Adds days the member is away: from today on, `to` not before `from`, within two years. Throws
 * AppError (400, with the field) for anything else, writing nothing. Returns the blockout's id.
 */
export async function addBlockout(
  memberId: string,
  input: { from: string; to: string; reason: string },
  now = new Date(),
): Promise<string> {
  const today = todayInChurchZone(now);
  const from = input.from.trim();
  const to = input.to.trim() || from;
  const reason = input.reason.replace(/\s+/g, " ").trim();
  if (!isIsoDate(from)) throw refuse(blockoutTexts.from, "from");
  if (!isIsoDate(to)) throw refuse(blockoutTexts.to, "to");
  if (from < today) throw refuse(blockoutTexts.past, "from");
  if (to < from) throw refuse(blockoutTexts.order, "to");
  if (to > addDays(today, BLOCKOUT_HORIZON_DAYS)) throw refuse(blockoutTexts.far, "to");
  if (reason.length > MAX_BLOCKOUT_REASON) throw refuse(blockoutTexts.reason, "reason");
  const { db } = services();
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ n: count() })
      .from(rosterBlockouts)
      .where(and(eq(rosterBlockouts.memberId, memberId), gte(rosterBlockouts.endsOn, today)));
    if ((held?.n ?? 0) >= MAX_BLOCKOUTS) throw refuse(blockoutTexts.many, "from");
    const [row] = await tx
      .insert(rosterBlockouts)
      .values({ memberId, startsOn: from, endsOn: to, reason: reason || null })
      .returning({ id: rosterBlockouts.id });
    return row!.id;
  });
}

/** Removes one of the member's own blockouts: true when removed, false when there was none of theirs. */
export async function removeBlockout(memberId: string, blockoutId: string): Promise<boolean> {
  if (!isUuid(blockoutId)) return false;
  const removed = await services()
    .db.delete(rosterBlockouts)
    .where(and(eq(rosterBlockouts.id, blockoutId), eq(rosterBlockouts.memberId, memberId)))
    .returning({ id: rosterBlockouts.id });
  return removed.length > 0;
}

/** The addresses of a calendar feed: the web one and the one calendars subscribe to. */
export interface CalendarAddresses {
  https: string;
  webcal: string;
}

/** A new calendar feed link for the member (the one before stops working), shown once. */
export async function newCalendarFeed(memberId: string): Promise<CalendarAddresses> {
  const origin = siteOrigin();
  const token = await services().db.transaction((tx) => renewCalendarLink(tx, memberId));
  const https = rosterUrls.calendar(origin, token);
  return { https, webcal: https.replace(/^https?:/, "webcal:") };
}
