import { asc, eq } from "drizzle-orm";
import {
  rosterBlockouts,
  rosterPositions,
  rosterQualified,
  rosterSlots,
  rosterTeams,
} from "../../../database/schema";
import type { Executor } from "../platform/db.server";
import { seatsWhere } from "./roster-seats.server";

// What serving rosters keep about a member (issue 36), for their data export: the seats they hold
// (with the service, team and position), the days they said they are away, and the positions
// they are qualified for. Erasing the member removes these with the member row (on delete
// cascade); their signed links go with forgetRosterLinks (roster-links.server.ts).

export async function rosterDataOf(executor: Executor, memberId: string | null) {
  if (!memberId) return { rosterSeats: [], rosterBlockouts: [], rosterQualifications: [] };
  const seats = await seatsWhere(executor, eq(rosterSlots.memberId, memberId));
  const blockouts = await executor
    .select({
      id: rosterBlockouts.id,
      startsOn: rosterBlockouts.startsOn,
      endsOn: rosterBlockouts.endsOn,
      reason: rosterBlockouts.reason,
      createdAt: rosterBlockouts.createdAt,
    })
    .from(rosterBlockouts)
    .where(eq(rosterBlockouts.memberId, memberId))
    .orderBy(asc(rosterBlockouts.startsOn), asc(rosterBlockouts.id));
  const qualifications = await executor
    .select({
      team: rosterTeams.name,
      ministry: rosterTeams.ministrySlug,
      position: rosterPositions.name,
      addedAt: rosterQualified.addedAt,
    })
    .from(rosterQualified)
    .innerJoin(rosterPositions, eq(rosterPositions.id, rosterQualified.positionId))
    .innerJoin(rosterTeams, eq(rosterTeams.id, rosterPositions.teamId))
    .where(eq(rosterQualified.memberId, memberId))
    .orderBy(asc(rosterTeams.name), asc(rosterPositions.name));
  return {
    rosterSeats: seats.map((seat) => ({
      id: seat.id,
      date: seat.serviceDate,
      time: seat.startTime,
      service: seat.title,
      team: seat.teamName,
      position: seat.positionName,
      status: seat.status,
      declineReason: seat.declineReason,
      remindedAt: seat.remindedAt,
    })),
    rosterBlockouts: blockouts,
    rosterQualifications: qualifications,
  };
}
