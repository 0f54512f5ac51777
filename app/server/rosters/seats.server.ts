import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { members, rosterQualified, rosterSlots } from "../../../database/schema";
import { todayInChurchZone } from "~/lib/dates";
import { formatDate } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { fullName } from "~/lib/names";
import { isServing, warningPhrases, type SeatWarnings } from "~/lib/roster-seats";
import type { MinistryScope } from "../auth/ministry-scope.server";
import { AppError, notFound } from "../http/errors.server";
import { logChange } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { availabilityOf, lastServedBefore, warningsFor } from "./availability.server";
import {
  effectiveNeed,
  followsTemplate,
  holdersAt,
  mainWeeklyService,
  plannedNeeds,
  serviceById,
} from "./plans.server";
import { releaseNoticeFor } from "./seat-release.server";
import { positionOfTeam, teamInScope, type StaffActor } from "./teams.server";

// One seat of a team's schedule (issue 36): who could take it, with what each choice would go
// against, and giving it to someone or emptying it. Two heads filling one seat at once: the seat's
// unique index lets one in, and the other is told who has it now, with nothing else written.

const SEAT_NOT_FOUND = "That seat is not in the plan any more. Please open the schedule again.";
const PAST = "That date has passed: its seats can no longer change.";

/** The team, position, service and seat named by a request, all checked; the seat's holder. */
async function seatInScope(
  scope: MinistryScope,
  ids: { teamId: string; serviceId: string; positionId: string; seat: unknown },
  executor: Executor = services().db,
) {
  const team = await teamInScope(scope, ids.teamId, executor);
  const position = await positionOfTeam(team.id, ids.positionId, executor);
  const service = await serviceById(ids.serviceId, executor);
  const seat = Number(ids.seat);
  const [planned, holders] = await Promise.all([
    plannedNeeds([service.id], [position.id], executor),
    holdersAt([service.id], [position.id], executor),
  ]);
  const need = effectiveNeed(
    planned.get(`${service.id} ${position.id}`),
    position.weeklyNeed,
    followsTemplate(service, await mainWeeklyService()),
  );
  const last = Math.max(need, ...holders.map((holder) => holder.seat));
  if (!Number.isInteger(seat) || seat < 1 || seat > last) throw notFound(SEAT_NOT_FOUND);
  const holder = holders.find((one) => one.seat === seat) ?? null;
  return { team, position, service, seat, need, holder, holders };
}

export interface SeatCandidate {
  id: string;
  name: string;
  lastServed: string | null;
  warnings: string[];
  /** Already in another seat of this position that day: cannot take a second. */
  otherSeat: number | null;
  /** Their other dates in this team within 4 weeks either side. */
  nearDates: string[];
}

/** The chooser: the seat, who holds it, and the position's qualified people with their warnings. */
export async function seatChoices(
  scope: MinistryScope,
  ids: { teamId: string; serviceId: string; positionId: string; seat: unknown },
) {
  const found = await seatInScope(scope, ids);
  const { team, position, service, holder, holders } = found;
  const qualified = await services()
    .db.select({
      id: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
    })
    .from(rosterQualified)
    .innerJoin(members, eq(members.id, rosterQualified.memberId))
    .where(and(eq(rosterQualified.positionId, position.id), isNull(members.deletedAt)))
    .orderBy(asc(members.firstName), asc(members.lastName));
  const date = service.serviceDate;
  const availability = await availabilityOf(
    scope,
    qualified.map((person) => person.id),
    date,
    date,
  );
  const candidates: SeatCandidate[] = qualified
    .filter((person) => person.id !== holder?.memberId)
    .map((person) => {
      const warnings = warningsFor(availability, {
        memberId: person.id,
        date,
        teamId: team.id,
        maxPerFourWeeks: team.maxPerFourWeeks,
      });
      return {
        id: person.id,
        name: fullName(person),
        lastServed: lastServedBefore(availability, person.id, date),
        warnings: warningPhrases(warnings),
        otherSeat: holders.find((one) => one.memberId === person.id)?.seat ?? null,
        nearDates: [
          ...new Set(
            availability.seats
              .filter(
                (seat) =>
                  seat.memberId === person.id &&
                  seat.teamId === team.id &&
                  seat.date !== date &&
                  isServing(seat.status),
              )
              .map((seat) => seat.date),
          ),
        ].sort(),
      };
    })
    .sort(
      (a, b) =>
        Number(a.otherSeat !== null) - Number(b.otherSeat !== null) ||
        a.warnings.length - b.warnings.length ||
        (a.lastServed ?? "").localeCompare(b.lastServed ?? "") ||
        a.name.localeCompare(b.name),
    );
  return {
    team: { id: team.id, name: team.name, maxPerFourWeeks: team.maxPerFourWeeks },
    position: { id: position.id, name: position.name },
    service: { id: service.id, date, startTime: service.startTime, title: service.title },
    seat: found.seat,
    need: found.need,
    holder,
    isPast: date < todayInChurchZone(),
    candidates,
  };
}

/** Where a seat is, in words: "seat 1 of Vocals on Fri 11 Dec 2026". */
const seatWords = (seat: number, position: string, date: string) =>
  `seat ${seat} of ${position} on ${formatDate(date)}`;

/**
 * Gives a seat to a qualified member (as Proposed: not asked yet). `replacing` is the holder the
 * chooser showed (their seat's id), or empty for an empty seat: when the seat changed since, the
 * answer names who has it now and nothing is written. Returns the name and any warnings.
 */
export async function assignSeat(
  actor: StaffActor,
  scope: MinistryScope,
  input: {
    teamId: string;
    serviceId: string;
    positionId: string;
    seat: unknown;
    memberId: unknown;
    replacing: unknown;
  },
): Promise<{ name: string; warnings: string[]; replaced: string | null }> {
  const { team, position, service, seat } = await seatInScope(scope, input);
  const date = service.serviceDate;
  if (date < todayInChurchZone()) throw new AppError(PAST, 400);
  const memberId = typeof input.memberId === "string" ? input.memberId : "";
  const replacing = typeof input.replacing === "string" && input.replacing ? input.replacing : null;
  if (!isUuid(memberId))
    throw new AppError("Please choose a person from the list.", 400, { field: "member" });
  if (replacing && !isUuid(replacing)) throw notFound(SEAT_NOT_FOUND);
  const { db } = services();
  const [person] = await db
    .select({
      id: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
      qualified: rosterQualified.memberId,
    })
    .from(members)
    .leftJoin(
      rosterQualified,
      and(eq(rosterQualified.memberId, members.id), eq(rosterQualified.positionId, position.id)),
    )
    .where(and(eq(members.id, memberId), isNull(members.deletedAt)));
  if (!person)
    throw new AppError("That person could not be found. Please choose again.", 400, { field: "member" });
  const name = fullName(person);
  if (!person.qualified)
    throw new AppError(
      `${name} is not on the list for ${position.name}. Add them on the team's page first.`,
      400,
      {
        field: "member",
      },
    );
  const availability = await availabilityOf(scope, [memberId], date, date);
  const warnings: SeatWarnings = warningsFor(availability, {
    memberId,
    date,
    teamId: team.id,
    maxPerFourWeeks: team.maxPerFourWeeks,
    ignoreSlot: replacing,
  });
  const where = seatWords(seat, position.name, date);
  const notice = replacing ? await releaseNoticeFor(db, replacing) : null;
  return db.transaction(async (tx) => {
    let replaced: string | null = null;
    if (replacing) {
      const [gone] = await tx
        .delete(rosterSlots)
        .where(
          and(
            eq(rosterSlots.id, replacing),
            eq(rosterSlots.serviceId, service.id),
            eq(rosterSlots.positionId, position.id),
            eq(rosterSlots.seat, seat),
          ),
        )
        .returning({ memberId: rosterSlots.memberId });
      if (!gone) return refuseChangedSeat(tx, service.id, position.id, seat, where);
      if (gone.memberId === memberId) throw new AppError(`${name} already has ${where}.`, 409);
      replaced = await nameOf(tx, gone.memberId);
      await notice?.queue(tx);
    }
    const [made] = await tx
      .insert(rosterSlots)
      .values({
        serviceId: service.id,
        positionId: position.id,
        seat,
        memberId,
        status: "draft",
        assignedBy: actor.id,
      })
      .onConflictDoNothing()
      .returning({ id: rosterSlots.id });
    if (!made) {
      const [other] = await tx
        .select({ seat: rosterSlots.seat })
        .from(rosterSlots)
        .where(
          and(
            eq(rosterSlots.serviceId, service.id),
            eq(rosterSlots.positionId, position.id),
            eq(rosterSlots.memberId, memberId),
          ),
        );
      if (other && other.seat !== seat)
        throw new AppError(`${name} already has seat ${other.seat} of ${position.name} that day.`, 409);
      await refuseChangedSeat(tx, service.id, position.id, seat, where);
    }
    const phrases = warningPhrases(warnings);
    await logChange(tx, actor, "roster.assign", {
      subject: { type: "roster-team", id: team.id, label: team.name },
      details: {
        member: name,
        position: position.name,
        seat,
        date,
        service: service.title,
        ...(replaced ? { replaced } : {}),
        ...(phrases.length > 0 ? { warnings: phrases } : {}),
      },
    });
    return { name, warnings: phrases, replaced };
  });
}

/** A member's full name ("Someone" for one gone meanwhile). */
async function nameOf(executor: Executor, memberId: string): Promise<string> {
  const [person] = await executor
    .select({ firstName: members.firstName, middleName: members.middleName, lastName: members.lastName })
    .from(members)
    .where(eq(members.id, memberId));
  return person ? fullName(person) : "Someone";
}

/** The seat changed under the chooser: says who has it now (or that it is empty), and stops. */
async function refuseChangedSeat(
  executor: Executor,
  serviceId: string,
  positionId: string,
  seat: number,
  where: string,
): Promise<never> {
  const holder = (await holdersAt([serviceId], [positionId], executor)).find((one) => one.seat === seat);
  throw new AppError(
    holder
      ? `Someone else just gave ${where} to ${holder.name}. Nothing was changed: open the seat again to change it.`
      : `Someone else just emptied ${where}. Nothing was changed: open the seat again to fill it.`,
    409,
    { title: "Seat changed meanwhile" },
  );
}

/** Empties a seat of the team; returns who had it. */
export async function unassignSeat(
  actor: StaffActor,
  scope: MinistryScope,
  teamId: string,
  slotId: unknown,
): Promise<{ name: string; where: string }> {
  const team = await teamInScope(scope, teamId);
  if (typeof slotId !== "string" || !isUuid(slotId)) throw notFound(SEAT_NOT_FOUND);
  const { db } = services();
  const [slot] = await db.select().from(rosterSlots).where(eq(rosterSlots.id, slotId));
  if (!slot) throw new AppError("That seat is already empty.", 404);
  const position = await positionOfTeam(team.id, slot.positionId);
  const service = await serviceById(slot.serviceId);
  if (service.serviceDate < todayInChurchZone()) throw new AppError(PAST, 400);
  const where = seatWords(slot.seat, position.name, service.serviceDate);
  const notice = await releaseNoticeFor(db, slotId);
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(rosterSlots)
      .where(and(eq(rosterSlots.id, slotId), inArray(rosterSlots.positionId, [position.id])))
      .returning({ memberId: rosterSlots.memberId });
    if (!gone) throw new AppError("That seat is already empty.", 404);
    await notice?.queue(tx);
    const name = await nameOf(tx, gone.memberId);
    await logChange(tx, actor, "roster.unassign", {
      subject: { type: "roster-team", id: team.id, label: team.name },
      details: {
        member: name,
        position: position.name,
        seat: slot.seat,
        date: service.serviceDate,
        service: service.title,
        status: slot.status,
      },
    });
    return { name, where };
  });
}
