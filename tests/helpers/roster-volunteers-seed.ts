import { sql } from "drizzle-orm";
import {
  members,
  rosterNeeds,
  rosterPositions,
  rosterQualified,
  rosterServices,
  rosterSlots,
  rosterTeams,
  type RosterSlotStatus,
} from "../../database/schema";
import type { Database } from "~/server/platform/db.server";

// Rosters written straight into the tables (issue 36), for the volunteers' tests: the staff
// screens that make them are built beside these tests, so the tests do not go through them.

export interface SeededPerson {
  id: string;
  email: string;
}

/** Empties the roster tables, the members, the outbox and the signed links. */
export async function clearRosters(db: Database) {
  for (const table of [
    "roster_slots",
    "roster_needs",
    "roster_services",
    "roster_teams",
    "roster_blockouts",
    "outbox_emails",
    "signed_links",
    "rate_limits",
  ]) {
    await db.execute(sql.raw(`delete from ${table}`));
  }
  await db.delete(members);
}

/** Members with these first names (surname Santos, "{first}@example.org", a Bahraini mobile). */
export async function addPeople(db: Database, firstNames: string[]): Promise<Record<string, SeededPerson>> {
  const rows = await db
    .insert(members)
    .values(
      firstNames.map((firstName, index) => ({
        firstName,
        lastName: "Santos",
        email: `${firstName.toLowerCase()}@example.org`,
        mobile: `3300 10${String(index).padStart(2, "0")}`,
        countryCode: "+973",
      })),
    )
    .returning({ id: members.id, firstName: members.firstName, email: members.email });
  return Object.fromEntries(rows.map((row) => [row.firstName, { id: row.id, email: row.email }]));
}

/** A team with positions, everyone in `qualified` qualified for every position. */
export async function addTeam(
  db: Database,
  options: {
    name?: string;
    ministrySlug?: string;
    positions?: string[];
    qualified?: string[];
    reminderDays?: number;
    reminderHour?: number;
  } = {},
) {
  const [team] = await db
    .insert(rosterTeams)
    .values({
      name: options.name ?? "SoundTech",
      ministrySlug: options.ministrySlug ?? "soundtech",
      reminderDays: options.reminderDays ?? 2,
      reminderHour: options.reminderHour ?? 9,
    })
    .returning({ id: rosterTeams.id });
  const positions: Record<string, string> = {};
  for (const [index, name] of (options.positions ?? ["Main desk", "Stream"]).entries()) {
    const [row] = await db
      .insert(rosterPositions)
      .values({ teamId: team!.id, name, sortOrder: index })
      .returning({ id: rosterPositions.id });
    positions[name] = row!.id;
    for (const memberId of options.qualified ?? []) {
      await db.insert(rosterQualified).values({ positionId: row!.id, memberId });
    }
  }
  return { id: team!.id, positions };
}

/** A weekly service on `date` (or the service already there). */
export async function addService(db: Database, date: string, title = "Worship Service", startTime = "15:30") {
  const [row] = await db
    .insert(rosterServices)
    .values({ serviceDate: date, startTime, title, serviceName: title })
    .onConflictDoUpdate({
      target: [rosterServices.serviceDate, rosterServices.serviceName],
      set: { title },
    })
    .returning({ id: rosterServices.id });
  return row!.id;
}

/** One person in a seat (and the need for it), with a status. */
export async function addSeat(
  db: Database,
  seat: {
    serviceId: string;
    positionId: string;
    memberId: string;
    seat?: number;
    status?: RosterSlotStatus;
    assignedBy?: string | null;
  },
) {
  const number = seat.seat ?? 1;
  await db
    .insert(rosterNeeds)
    .values({ serviceId: seat.serviceId, positionId: seat.positionId, count: number })
    .onConflictDoUpdate({
      target: [rosterNeeds.serviceId, rosterNeeds.positionId],
      set: { count: sql`greatest(${rosterNeeds.count}, ${number})` },
    });
  const [row] = await db
    .insert(rosterSlots)
    .values({
      serviceId: seat.serviceId,
      positionId: seat.positionId,
      memberId: seat.memberId,
      seat: number,
      status: seat.status ?? "draft",
      assignedBy: seat.assignedBy ?? null,
      ...(seat.status && seat.status !== "draft" ? { requestedAt: new Date() } : {}),
    })
    .returning({ id: rosterSlots.id });
  return row!.id;
}
