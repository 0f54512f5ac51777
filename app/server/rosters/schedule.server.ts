import { and, asc, between, eq, exists, gt, inArray, or, sql } from "drizzle-orm";
import { rosterNeeds, rosterServices, rosterSlots } from "../../../database/schema";
import { addDays, isIsoDate, todayInChurchZone } from "~/lib/dates";
import { ROSTER_LIMITS } from "~/schemas/roster";
import type { MinistryScope } from "../auth/ministry-scope.server";
import { services } from "../platform/services.server";
import {
  effectiveNeed,
  ensureWeeklyServices,
  followsTemplate,
  holdersAt,
  mainWeeklyService,
  plannedNeeds,
  seatsOf,
  weeklyDates,
  type SeatView,
  type ServiceRow,
} from "./plans.server";
import { positionsOf, teamInScope, type PositionRow, type TeamRow } from "./teams.server";

// The schedule of one team (issue 36): dates x positions for the coming weeks. The main weekly
// service's dates in the range, and any other service or event with a plan for the team (a count
// above 0, or someone in a seat). A handful of set-based queries, whatever the grid's size.

export interface ScheduleRange {
  from: string;
  to: string;
  weeks: number;
}

/** The range a schedule's address asks for (?from=&weeks=), today and 4 weeks when it says nothing usable. */
export function scheduleRange(params: URLSearchParams, today = todayInChurchZone()): ScheduleRange {
  const asked = params.get("from") ?? "";
  // A year either way: further is a typo (or a forged address), not a plan.
  const from =
    isIsoDate(asked) && asked >= addDays(today, -366) && asked <= addDays(today, 366) ? asked : today;
  const { min, max, default: usual } = ROSTER_LIMITS.weeks;
  const number = Number(params.get("weeks"));
  const weeks = Number.isInteger(number) && number >= min && number <= max ? number : usual;
  return { from, to: addDays(from, weeks * 7 - 1), weeks };
}

export interface ScheduleService {
  id: string;
  date: string;
  startTime: string | null;
  title: string;
  kind: "weekly" | "event";
  isPast: boolean;
  /** One cell per position, in the positions' order: its seats. */
  cells: { need: number; seats: SeatView[] }[];
}

export interface ScheduleGrid extends ScheduleRange {
  team: TeamRow;
  positions: PositionRow[];
  services: ScheduleService[];
  counts: {
    seats: number;
    empty: number;
    proposed: number;
    asked: number;
    accepted: number;
    declined: number;
  };
  /** Proposed seats of the team from today on, in any week: what "Send requests" asks. */
  toAsk: number;
}

/** The services of the range a team's schedule shows: the template's dates and what is planned for it. */
export async function servicesForTeam(
  positions: PositionRow[],
  range: ScheduleRange,
): Promise<{ rows: ServiceRow[]; templateIds: Set<string> }> {
  const main = await mainWeeklyService();
  const weekly = main ? await ensureWeeklyServices(main, weeklyDates(main, range.from, range.to)) : [];
  const positionIds = positions.map((position) => position.id);
  const templateIds = new Set(weekly.map((row) => row.id));
  if (positionIds.length === 0) return { rows: weekly, templateIds };
  const rows = await services()
    .db.select()
    .from(rosterServices)
    .where(
      and(
        between(rosterServices.serviceDate, range.from, range.to),
        or(
          weekly.length > 0 ? inArray(rosterServices.id, [...templateIds]) : undefined,
          exists(
            services()
              .db.select({ one: sql`1` })
              .from(rosterNeeds)
              .where(
                and(
                  eq(rosterNeeds.serviceId, rosterServices.id),
                  inArray(rosterNeeds.positionId, positionIds),
                  gt(rosterNeeds.count, 0),
                ),
              ),
          ),
          exists(
            services()
              .db.select({ one: sql`1` })
              .from(rosterSlots)
              .where(
                and(
                  eq(rosterSlots.serviceId, rosterServices.id),
                  inArray(rosterSlots.positionId, positionIds),
                ),
              ),
          ),
        ),
      ),
    )
    .orderBy(asc(rosterServices.serviceDate), asc(rosterServices.startTime), asc(rosterServices.title));
  return {
    rows,
    templateIds: new Set(rows.filter((row) => followsTemplate(row, main)).map((row) => row.id)),
  };
}

/** A team's schedule for the range: each service's positions with their seats and who holds them. */
export async function loadSchedule(
  scope: MinistryScope,
  teamId: string,
  range: ScheduleRange,
): Promise<ScheduleGrid> {
  const team = await teamInScope(scope, teamId);
  const positions = await positionsOf(teamId);
  const { rows, templateIds } = await servicesForTeam(positions, range);
  const serviceIds = rows.map((row) => row.id);
  const positionIds = positions.map((position) => position.id);
  const today = todayInChurchZone();
  const [planned, holders, toAsk] = await Promise.all([
    plannedNeeds(serviceIds, positionIds),
    holdersAt(serviceIds, positionIds),
    proposedFrom(positionIds, today),
  ]);
  const counts = { seats: 0, empty: 0, proposed: 0, asked: 0, accepted: 0, declined: 0 };
  const byCell = new Map<string, typeof holders>();
  for (const holder of holders) {
    const key = `${holder.serviceId} ${holder.positionId}`;
    byCell.set(key, [...(byCell.get(key) ?? []), holder]);
  }
  const grid: ScheduleService[] = rows.map((row) => ({
    id: row.id,
    date: row.serviceDate,
    startTime: row.startTime,
    title: row.title,
    kind: row.eventId ? "event" : "weekly",
    isPast: row.serviceDate < today,
    cells: positions.map((position) => {
      const key = `${row.id} ${position.id}`;
      const need = effectiveNeed(planned.get(key), position.weeklyNeed, templateIds.has(row.id));
      const seats = seatsOf(need, byCell.get(key) ?? []);
      if (row.serviceDate >= today)
        for (const seat of seats) {
          counts.seats++;
          const status = seat.holder?.status;
          if (!status) counts.empty++;
          else if (status === "draft") counts.proposed++;
          else if (status === "pending") counts.asked++;
          else if (status === "accepted") counts.accepted++;
          else counts.declined++;
        }
      return { need, seats };
    }),
  }));
  return { ...range, team, positions, services: grid, counts, toAsk };
}

/** How many seats of these positions are proposed (not asked yet) from `today` on. */
async function proposedFrom(positionIds: string[], today: string): Promise<number> {
  if (positionIds.length === 0) return 0;
  const [row] = await services()
    .db.select({ n: sql<number>`count(*)::int` })
    .from(rosterSlots)
    .innerJoin(rosterServices, eq(rosterServices.id, rosterSlots.serviceId))
    .where(
      and(
        inArray(rosterSlots.positionId, positionIds),
        eq(rosterSlots.status, "draft"),
        sql`${rosterServices.serviceDate} >= ${today}`,
      ),
    );
  return row?.n ?? 0;
}
