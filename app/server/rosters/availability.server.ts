import { and, eq, gte, inArray, lt, lte, max, ne } from "drizzle-orm";
import {
  rosterBlockouts,
  rosterPositions,
  rosterServices,
  rosterSlots,
  rosterTeams,
  type RosterSlotStatus,
} from "../../../database/schema";
import { addDays } from "~/lib/dates";
import { FOUR_WEEKS, isServing, timesInFourWeeks, type SeatWarnings } from "~/lib/roster-seats";
import { inScope, type MinistryScope } from "../auth/ministry-scope.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";

// When people can serve (issue 36): their blockouts, the seats they hold in any team around a
// range of dates, and when they last served before it. Read once for everyone a screen or the
// automatic fill weighs, in three set-based queries, whatever the number of dates and seats.

export interface HeldSeat {
  slotId: string;
  memberId: string;
  date: string;
  status: RosterSlotStatus;
  serviceId: string;
  positionId: string;
  teamId: string;
  /** "SoundTech, Main desk", or "another ministry's team" outside the scope. */
  where: string;
}

export interface Availability {
  blockouts: { memberId: string; startsOn: string; endsOn: string }[];
  /** Seats held from 4 weeks before `from` to 4 weeks after `to`, in any team. */
  seats: HeldSeat[];
  /** The last date each served before that window. */
  servedBefore: Map<string, string>;
}

/** Blockouts, seats and the last date served of `memberIds` around `from`..`to`. */
export async function availabilityOf(
  scope: MinistryScope,
  memberIds: string[],
  from: string,
  to: string,
  executor: Executor = services().db,
): Promise<Availability> {
  if (memberIds.length === 0) return { blockouts: [], seats: [], servedBefore: new Map() };
  const windowStart = addDays(from, -(FOUR_WEEKS - 1));
  const windowEnd = addDays(to, FOUR_WEEKS - 1);
  const [blockouts, seats, before] = await Promise.all([
    executor
      .select({
        memberId: rosterBlockouts.memberId,
        startsOn: rosterBlockouts.startsOn,
        endsOn: rosterBlockouts.endsOn,
      })
      .from(rosterBlockouts)
      .where(
        and(
          inArray(rosterBlockouts.memberId, memberIds),
          lte(rosterBlockouts.startsOn, to),
          gte(rosterBlockouts.endsOn, from),
        ),
      ),
    executor
      .select({
        slotId: rosterSlots.id,
        memberId: rosterSlots.memberId,
        date: rosterServices.serviceDate,
        status: rosterSlots.status,
        serviceId: rosterSlots.serviceId,
        positionId: rosterSlots.positionId,
        teamId: rosterTeams.id,
        teamName: rosterTeams.name,
        ministrySlug: rosterTeams.ministrySlug,
        positionName: rosterPositions.name,
      })
      .from(rosterSlots)
      .innerJoin(rosterServices, eq(rosterServices.id, rosterSlots.serviceId))
      .innerJoin(rosterPositions, eq(rosterPositions.id, rosterSlots.positionId))
      .innerJoin(rosterTeams, eq(rosterTeams.id, rosterPositions.teamId))
      .where(
        and(
          inArray(rosterSlots.memberId, memberIds),
          gte(rosterServices.serviceDate, windowStart),
          lte(rosterServices.serviceDate, windowEnd),
        ),
      ),
    executor
      .select({ memberId: rosterSlots.memberId, last: max(rosterServices.serviceDate) })
      .from(rosterSlots)
      .innerJoin(rosterServices, eq(rosterServices.id, rosterSlots.serviceId))
      .where(
        and(
          inArray(rosterSlots.memberId, memberIds),
          lt(rosterServices.serviceDate, windowStart),
          ne(rosterSlots.status, "declined"),
        ),
      )
      .groupBy(rosterSlots.memberId),
  ]);
  return {
    blockouts,
    seats: seats.map(({ teamName, ministrySlug, positionName, ...seat }) => ({
      ...seat,
      where: inScope(scope, ministrySlug) ? `${teamName}, ${positionName}` : "another ministry's team",
    })),
    servedBefore: new Map(before.flatMap((row) => (row.last ? [[row.memberId, row.last]] : []))),
  };
}

/** Whether a blockout of the person covers the date. */
export function isBlockedOut(availability: Availability, memberId: string, date: string): boolean {
  return availability.blockouts.some(
    (blockout) => blockout.memberId === memberId && blockout.startsOn <= date && blockout.endsOn >= date,
  );
}

/** The last date the person serves before `date` (any team), or null for never. */
export function lastServedBefore(availability: Availability, memberId: string, date: string): string | null {
  let last = availability.servedBefore.get(memberId) ?? null;
  for (const seat of availability.seats)
    if (
      seat.memberId === memberId &&
      isServing(seat.status) &&
      seat.date < date &&
      (!last || seat.date > last)
    )
      last = seat.date;
  return last;
}

/**
 * What picking `memberId` for a seat of `teamId` on `date` would go against: a blockout, another
 * seat that day, a seat declined that day, the team's "at most N times in 4 weeks". `ignoreSlot`
 * is the seat being filled (its holder is being replaced); `extraDates` are the team's dates just
 * proposed for them and not written yet.
 */
export function warningsFor(
  availability: Availability,
  input: {
    memberId: string;
    date: string;
    teamId: string;
    maxPerFourWeeks: number;
    ignoreSlot?: string | null;
    extraDates?: readonly string[];
  },
): SeatWarnings & { times: number } {
  const mine = availability.seats.filter(
    (seat) => seat.memberId === input.memberId && seat.slotId !== input.ignoreSlot,
  );
  const thatDay = mine.filter((seat) => seat.date === input.date);
  const elsewhere = thatDay.find((seat) => isServing(seat.status));
  const teamDates = mine
    .filter((seat) => seat.teamId === input.teamId && isServing(seat.status))
    .map((seat) => seat.date)
    .concat(input.extraDates ?? []);
  const times = timesInFourWeeks(teamDates, input.date);
  return {
    blockedOut: isBlockedOut(availability, input.memberId, input.date),
    servingElsewhere: elsewhere ? elsewhere.where : null,
    declinedThatDay: thatDay.some((seat) => seat.status === "declined"),
    overLimit: times > input.maxPerFourWeeks ? { times, allowed: input.maxPerFourWeeks } : null,
    times,
  };
}
