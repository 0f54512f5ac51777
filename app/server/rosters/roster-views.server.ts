import { and, asc, between, eq, sql } from "drizzle-orm";
import { rosterPositions, rosterServices, rosterTeams } from "../../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { SEAT_STATUS_LABELS, type RosterSheet, type RosterSlotStatus } from "~/lib/roster-seats";
import { slugInScope, type MinistryScope } from "../auth/ministry-scope.server";
import { services } from "../platform/services.server";
import {
  effectiveNeed,
  followsTemplate,
  getServicePlan,
  holdersAt,
  mainWeeklyService,
  plannedNeeds,
  seatsOf,
  weeklyDates,
  type ServicePlan,
} from "./plans.server";
import type { ScheduleGrid } from "./schedule.server";

// A service's roster as people read it (issue 36): the week's roster, the print page, the
// WhatsApp text and the CSV files, and what needs the head's attention in the next days.

/** A roster to show: the service (id null while nothing is planned for it yet) and its teams. */
export interface WeekRoster {
  service: { id: string | null; date: string; startTime: string | null; title: string };
  teams: ServicePlan["teams"];
}

/** The teams of a plan that need someone or have someone that day. */
const staffedTeams = (teams: ServicePlan["teams"]) =>
  teams
    .map((team) => ({
      ...team,
      positions: team.positions.filter((position) => position.seats.length > 0),
    }))
    .filter((team) => team.positions.length > 0);

/** The next main weekly service (today on) across the teams in the scope, or null without one. */
export async function thisWeeksRoster(
  scope: MinistryScope,
  today = todayInChurchZone(),
): Promise<WeekRoster | null> {
  const main = await mainWeeklyService();
  if (!main) return null;
  const date = weeklyDates(main, today, addDays(today, 6))[0]!;
  const [row] = await services()
    .db.select({ id: rosterServices.id })
    .from(rosterServices)
    .where(and(eq(rosterServices.serviceDate, date), eq(rosterServices.serviceName, main.name)));
  const title = main.name;
  if (row) {
    const plan = await getServicePlan(scope, row.id);
    return {
      service: { id: row.id, date, startTime: plan.service.startTime, title: plan.service.title },
      teams: staffedTeams(plan.teams),
    };
  }
  // Nothing planned for that date yet: the template's seats, all empty.
  const positions = await positionsInScope(scope);
  const teams: ServicePlan["teams"] = [];
  for (const position of positions) {
    if (teams.at(-1)?.id !== position.teamId)
      teams.push({
        id: position.teamId,
        name: position.teamName,
        ministrySlug: position.ministrySlug,
        positions: [],
      });
    teams.at(-1)!.positions.push({
      id: position.id,
      name: position.name,
      need: position.weeklyNeed,
      seats: seatsOf(position.weeklyNeed, []),
    });
  }
  return { service: { id: null, date, startTime: main.start, title }, teams: staffedTeams(teams) };
}

async function positionsInScope(scope: MinistryScope) {
  return services()
    .db.select({
      id: rosterPositions.id,
      name: rosterPositions.name,
      weeklyNeed: rosterPositions.weeklyNeed,
      teamId: rosterTeams.id,
      teamName: rosterTeams.name,
      ministrySlug: rosterTeams.ministrySlug,
    })
    .from(rosterPositions)
    .innerJoin(rosterTeams, eq(rosterTeams.id, rosterPositions.teamId))
    .where(slugInScope(rosterTeams.ministrySlug, scope))
    .orderBy(
      asc(rosterTeams.ministrySlug),
      asc(sql`lower(${rosterTeams.name})`),
      asc(rosterPositions.sortOrder),
      asc(sql`lower(${rosterPositions.name})`),
    );
}

export type AlertKind = "declined" | "replacing" | "unanswered" | "not-asked" | "empty";

export interface RosterAlert {
  kind: AlertKind;
  date: string;
  /** The service's plan, or null for a date nothing is planned for yet. */
  serviceId: string | null;
  service: string;
  teamId: string;
  team: string;
  position: string;
  seat: number;
  person: string | null;
  reason: string | null;
}

/** The days before a date when an unfilled or unanswered seat needs attention. */
export const ALERT_DAYS = 3;

const KIND_OF: Record<RosterSlotStatus, AlertKind | null> = {
  declined: "declined",
  replacing: "replacing",
  pending: "unanswered",
  draft: "not-asked",
  accepted: null,
};

/**
 * Seats of the teams in the scope from today to 3 days on that are not settled: declined, asking
 * for a replacement, unanswered, never asked, or empty. By date, team, position and seat.
 */
export async function rosterAlerts(
  scope: MinistryScope,
  today = todayInChurchZone(),
): Promise<RosterAlert[]> {
  const last = addDays(today, ALERT_DAYS);
  const [positions, main, rows] = await Promise.all([
    positionsInScope(scope),
    mainWeeklyService(),
    services()
      .db.select()
      .from(rosterServices)
      .where(between(rosterServices.serviceDate, today, last)),
  ]);
  if (positions.length === 0) return [];
  // Dates of the main service with no row yet still need their template's people.
  const virtual = (main ? weeklyDates(main, today, last) : [])
    .filter((date) => !rows.some((row) => followsTemplate(row, main) && row.serviceDate === date))
    .map((date) => ({ id: null, serviceDate: date, title: main!.name, serviceName: main!.name }));
  const serviceIds = rows.map((row) => row.id);
  const positionIds = positions.map((position) => position.id);
  const [planned, holders] = await Promise.all([
    plannedNeeds(serviceIds, positionIds),
    holdersAt(serviceIds, positionIds),
  ]);
  const alerts: RosterAlert[] = [];
  for (const service of [...rows, ...virtual]) {
    const isTemplate = followsTemplate(service, main);
    for (const position of positions) {
      const need = service.id
        ? effectiveNeed(planned.get(`${service.id} ${position.id}`), position.weeklyNeed, isTemplate)
        : position.weeklyNeed;
      const held = service.id
        ? holders.filter((holder) => holder.serviceId === service.id && holder.positionId === position.id)
        : [];
      for (const seat of seatsOf(need, held)) {
        const kind = seat.holder ? KIND_OF[seat.holder.status] : seat.extra ? null : "empty";
        if (!kind) continue;
        alerts.push({
          kind,
          date: service.serviceDate,
          serviceId: service.id,
          service: service.title,
          teamId: position.teamId,
          team: position.teamName,
          position: position.name,
          seat: seat.seat,
          person: seat.holder?.name ?? null,
          reason: seat.holder?.declineReason ?? null,
        });
      }
    }
  }
  return alerts.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.team.localeCompare(b.team) ||
      a.position.localeCompare(b.position) ||
      a.seat - b.seat,
  );
}

/** A plan as the WhatsApp text and the print page read it: the teams that need someone that day. */
export function rosterSheet(
  plan: Pick<ServicePlan, "teams"> & { service: WeekRoster["service"] },
): RosterSheet {
  return {
    title: plan.service.title,
    date: plan.service.date,
    startTime: plan.service.startTime,
    teams: staffedTeams(plan.teams).map((team) => ({
      name: team.name,
      positions: team.positions.map((position) => ({
        name: position.name,
        people: position.seats.flatMap((seat) =>
          seat.holder ? [{ name: seat.holder.name, status: seat.holder.status }] : [],
        ),
        open: position.seats.filter((seat) => !seat.holder && !seat.extra).length,
      })),
    })),
  };
}

export const SERVICE_CSV_HEADER = ["Team", "Position", "Seat", "Person", "Status", "Reason"];

/** A service's roster as CSV rows: one per seat. */
export function serviceCsvRows(plan: ServicePlan): unknown[][] {
  return staffedTeams(plan.teams).flatMap((team) =>
    team.positions.flatMap((position) =>
      position.seats.map((seat) => [
        team.name,
        position.name,
        seat.seat,
        seat.holder?.name ?? "",
        seat.holder ? SEAT_STATUS_LABELS[seat.holder.status] : "Empty",
        seat.holder?.declineReason ?? "",
      ]),
    ),
  );
}

export const SCHEDULE_CSV_HEADER = [
  "Date",
  "Time",
  "Service",
  "Position",
  "Seat",
  "Person",
  "Status",
  "Reason",
];

/** A team's schedule as CSV rows: one per seat, by date and position. */
export function scheduleCsvRows(grid: ScheduleGrid): unknown[][] {
  return grid.services.flatMap((service) =>
    service.cells.flatMap((cell, index) =>
      cell.seats.map((seat) => [
        service.date,
        service.startTime?.slice(0, 5) ?? "",
        service.title,
        grid.positions[index]!.name,
        seat.seat,
        seat.holder?.name ?? "",
        seat.holder ? SEAT_STATUS_LABELS[seat.holder.status] : "Empty",
        seat.holder?.declineReason ?? "",
      ]),
    ),
  );
}
