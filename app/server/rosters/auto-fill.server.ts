import { inArray } from "drizzle-orm";
import { members, rosterSlots } from "../../../database/schema";
import { todayInChurchZone } from "~/lib/dates";
import { formatDate } from "~/lib/format";
import { fullName } from "~/lib/names";
import type { MinistryScope } from "../auth/ministry-scope.server";
import { logChange } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { availabilityOf, lastServedBefore, warningsFor, type HeldSeat } from "./availability.server";
import { effectiveNeed, holdersAt, plannedNeeds } from "./plans.server";
import { qualifiedByPosition } from "./qualified.server";
import { servicesForTeam, type ScheduleRange } from "./schedule.server";
import { positionsOf, teamInScope, type StaffActor } from "./teams.server";

// "Fill automatically" (issue 36): the empty seats of a team's schedule, date by date, get a fair
// rotation of the people qualified for each position. Someone blocked out, serving anywhere that
// day, or at the team's "at most N times in 4 weeks" is passed over; among the rest, the one with
// the fewest times in 4 weeks, then the longest since they last served (never first), then by
// name. The seats are written as Proposed: the head reviews and changes them before asking.

export interface FillOutcome {
  filled: number;
  /** Seats it could not fill, and why. */
  left: { date: string; position: string; seat: number; reason: string }[];
}

interface Candidate {
  memberId: string;
  times: number;
  last: string | null;
  name: string;
}

/** Fills the empty seats of the range (today on) with Proposed seats; says which stay empty and why. */
export async function fillAutomatically(
  actor: StaffActor,
  scope: MinistryScope,
  teamId: string,
  range: ScheduleRange,
): Promise<FillOutcome> {
  const team = await teamInScope(scope, teamId);
  const positions = await positionsOf(teamId);
  const today = todayInChurchZone();
  const { rows, templateIds } = await servicesForTeam(positions, range);
  const upcoming = rows.filter((row) => row.serviceDate >= today);
  const serviceIds = upcoming.map((row) => row.id);
  const positionIds = positions.map((position) => position.id);
  const [planned, holders, qualified] = await Promise.all([
    plannedNeeds(serviceIds, positionIds),
    holdersAt(serviceIds, positionIds),
    qualifiedByPosition(positionIds),
  ]);
  const people = [...new Set([...qualified.values()].flat())];
  const from = range.from > today ? range.from : today;
  const availability = await availabilityOf(scope, people, from, range.to);
  const names = await namesOf(people);

  const proposals: { serviceId: string; positionId: string; seat: number; memberId: string }[] = [];
  const left: FillOutcome["left"] = [];
  for (const service of upcoming) {
    const date = service.serviceDate;
    for (const position of positions) {
      const key = `${service.id} ${position.id}`;
      const need = effectiveNeed(planned.get(key), position.weeklyNeed, templateIds.has(service.id));
      const here = holders
        .filter((holder) => holder.serviceId === service.id && holder.positionId === position.id)
        .map(({ seat, memberId }) => ({ seat, memberId }));
      for (let seat = 1; seat <= need; seat++) {
        if (here.some((holder) => holder.seat === seat)) continue;
        const eligible = qualified.get(position.id) ?? [];
        const tally = { blocked: 0, serving: 0, limit: 0 };
        const candidates: Candidate[] = [];
        for (const memberId of eligible) {
          // One seat per person per position and service, whatever its status (a decline included).
          if (here.some((holder) => holder.memberId === memberId)) continue;
          const warnings = warningsFor(availability, {
            memberId,
            date,
            teamId: team.id,
            maxPerFourWeeks: team.maxPerFourWeeks,
          });
          if (warnings.blockedOut) tally.blocked++;
          else if (warnings.servingElsewhere || warnings.declinedThatDay) tally.serving++;
          else if (warnings.overLimit) tally.limit++;
          else
            candidates.push({
              memberId,
              times: warnings.times,
              last: lastServedBefore(availability, memberId, date),
              name: names.get(memberId) ?? "",
            });
        }
        const chosen = candidates.sort(fairest)[0];
        if (!chosen) {
          left.push({
            date,
            position: position.name,
            seat,
            reason: whyEmpty(eligible.length, tally, date, position.name, team.maxPerFourWeeks),
          });
          continue;
        }
        proposals.push({ serviceId: service.id, positionId: position.id, seat, memberId: chosen.memberId });
        here.push({ seat, memberId: chosen.memberId });
        availability.seats.push(proposedSeat(chosen.memberId, date, service.id, position.id, team.id));
      }
    }
  }
  const filled = await services().db.transaction(async (tx) => {
    if (proposals.length === 0) return 0;
    // A seat someone filled meanwhile keeps its person: the proposal for it is dropped.
    const made = await tx
      .insert(rosterSlots)
      .values(proposals.map((one) => ({ ...one, status: "draft" as const, assignedBy: actor.id })))
      .onConflictDoNothing()
      .returning({ id: rosterSlots.id });
    await logChange(tx, actor, "roster.fill", {
      subject: { type: "roster-team", id: team.id, label: team.name },
      details: { from, to: range.to, filled: made.length, left: left.length },
    });
    return made.length;
  });
  return { filled, left };
}

/** Fewest times in 4 weeks, then the longest since last served (never first), then by name. */
function fairest(a: Candidate, b: Candidate): number {
  return (
    a.times - b.times ||
    (a.last ?? "").localeCompare(b.last ?? "") ||
    a.name.localeCompare(b.name) ||
    a.memberId.localeCompare(b.memberId)
  );
}

function whyEmpty(
  qualified: number,
  tally: { blocked: number; serving: number; limit: number },
  date: string,
  position: string,
  allowed: number,
): string {
  if (qualified === 0) return `No one is qualified for ${position} yet.`;
  const reasons = [
    tally.blocked ? `${tally.blocked} blocked out` : "",
    tally.serving ? `${tally.serving} already serving or declined that day` : "",
    tally.limit ? `${tally.limit} at the team's ${allowed} times in 4 weeks` : "",
  ].filter(Boolean);
  return `No one qualified is free on ${formatDate(date)}${reasons.length ? ` (${reasons.join(", ")})` : ""}.`;
}

function proposedSeat(
  memberId: string,
  date: string,
  serviceId: string,
  positionId: string,
  teamId: string,
): HeldSeat {
  return {
    slotId: `proposed ${serviceId} ${positionId} ${memberId}`,
    memberId,
    date,
    status: "draft",
    serviceId,
    positionId,
    teamId,
    where: "this team",
  };
}

async function namesOf(memberIds: string[]): Promise<Map<string, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await services()
    .db.select({
      id: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
    })
    .from(members)
    .where(inArray(members.id, memberIds));
  return new Map(rows.map((row) => [row.id, fullName(row)]));
}
