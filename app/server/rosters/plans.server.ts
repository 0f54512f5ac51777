import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { WeeklyService } from "~/content/church";
import {
  events,
  members,
  rosterNeeds,
  rosterPositions,
  rosterServices,
  rosterSlots,
  rosterTeams,
  type RosterSlotStatus,
} from "../../../database/schema";
import { addDays, dayOfWeek, isIsoDate, todayInChurchZone } from "~/lib/dates";
import { formatDate } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { fullName } from "~/lib/names";
import { isWeekly } from "~/lib/service-times";
import { needCountSchema } from "~/schemas/roster";
import { slugInScope, type MinistryScope } from "../auth/ministry-scope.server";
import { AppError, notFound } from "../http/errors.server";
import { logChange } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { getSiteContent } from "../site/site-content.server";
import { positionsOf, teamInScope, type StaffActor } from "./teams.server";

// The gatherings that need people (issue 36): the main weekly service on each of its dates (the
// weekly template: each position's "needed each week"), another weekly service or an event once
// someone plans it. A service's row is made when first needed; its needs are the template's until
// a plan changes one for that date (a rosterNeeds row), and nothing for an event or another service.

export type ServiceRow = typeof rosterServices.$inferSelect;

export const SERVICE_NOT_FOUND = "That service could not be found. It may have been removed.";
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** The main weekly service (the first weekly one of the service times), whose dates the template fills. */
export async function mainWeeklyService(): Promise<WeeklyService | null> {
  return (await getSiteContent()).serviceTimes.find(isWeekly) ?? null;
}

/** The dates from `from` to `to` (both included) that fall on the service's day. */
export function weeklyDates(service: WeeklyService, from: string, to: string): string[] {
  const day = WEEKDAYS.indexOf(service.day);
  const first = addDays(from, (day - dayOfWeek(from) + 7) % 7);
  const dates: string[] = [];
  for (let date = first; date <= to; date = addDays(date, 7)) dates.push(date);
  return dates;
}

/** Whether the weekly template's needs apply to a service (a date of the main weekly service). */
export function followsTemplate(
  service: Pick<ServiceRow, "serviceName">,
  main: WeeklyService | null,
): boolean {
  return main !== null && service.serviceName === main.name;
}

/** How many a position needs at a service: the plan's count for that date, else the template's. */
export function effectiveNeed(planned: number | undefined, weeklyNeed: number, isTemplate: boolean): number {
  return planned ?? (isTemplate ? weeklyNeed : 0);
}

/** The weekly service's rows for `dates`, made where missing (two requests at once make one). */
export async function ensureWeeklyServices(
  service: WeeklyService,
  dates: string[],
  executor: Executor = services().db,
): Promise<ServiceRow[]> {
  if (dates.length === 0) return [];
  const read = () =>
    executor
      .select()
      .from(rosterServices)
      .where(and(eq(rosterServices.serviceName, service.name), inArray(rosterServices.serviceDate, dates)));
  const rows = await read();
  if (rows.length === dates.length) return rows;
  const missing = dates.filter((date) => !rows.some((row) => row.serviceDate === date));
  await executor
    .insert(rosterServices)
    .values(
      missing.map((date) => ({
        serviceDate: date,
        startTime: service.start,
        title: service.name,
        serviceName: service.name,
      })),
    )
    .onConflictDoNothing();
  return read();
}

/** A service by id, or not found. */
export async function serviceById(
  serviceId: string,
  executor: Executor = services().db,
): Promise<ServiceRow> {
  if (!isUuid(serviceId)) throw notFound(SERVICE_NOT_FOUND);
  const [row] = await executor.select().from(rosterServices).where(eq(rosterServices.id, serviceId)).limit(1);
  if (!row) throw notFound(SERVICE_NOT_FOUND);
  return row;
}

/** A person in a seat, as screens show them. */
export interface SeatHolder {
  id: string;
  memberId: string;
  name: string;
  status: RosterSlotStatus;
  declineReason: string | null;
}

/** One seat of a position at a service: who holds it, or null when empty. */
export interface SeatView {
  seat: number;
  holder: SeatHolder | null;
  /** Held beyond what the plan now needs (the count was lowered after). */
  extra: boolean;
}

/** The seats of a position: 1..its need, and any held beyond it. */
export function seatsOf(need: number, holders: (SeatHolder & { seat: number })[]): SeatView[] {
  const last = Math.max(need, ...holders.map((holder) => holder.seat));
  return Array.from({ length: last }, (_, index) => {
    const found = holders.find((holder) => holder.seat === index + 1);
    const holder = found
      ? {
          id: found.id,
          memberId: found.memberId,
          name: found.name,
          status: found.status,
          declineReason: found.declineReason,
        }
      : null;
    return { seat: index + 1, holder, extra: index + 1 > need };
  });
}

/** The seats held at these services in these positions, with the people's names. */
export async function holdersAt(
  serviceIds: string[],
  positionIds: string[],
  executor: Executor = services().db,
) {
  if (serviceIds.length === 0 || positionIds.length === 0) return [];
  const rows = await executor
    .select({
      id: rosterSlots.id,
      serviceId: rosterSlots.serviceId,
      positionId: rosterSlots.positionId,
      seat: rosterSlots.seat,
      memberId: rosterSlots.memberId,
      status: rosterSlots.status,
      declineReason: rosterSlots.declineReason,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
    })
    .from(rosterSlots)
    .innerJoin(members, eq(members.id, rosterSlots.memberId))
    .where(and(inArray(rosterSlots.serviceId, serviceIds), inArray(rosterSlots.positionId, positionIds)));
  return rows.map((row) => ({ ...row, name: fullName(row) }));
}

/** The counts planned for these services in these positions, by `${serviceId} ${positionId}`. */
export async function plannedNeeds(
  serviceIds: string[],
  positionIds: string[],
  executor: Executor = services().db,
) {
  const planned = new Map<string, number>();
  if (serviceIds.length === 0 || positionIds.length === 0) return planned;
  const rows = await executor
    .select()
    .from(rosterNeeds)
    .where(and(inArray(rosterNeeds.serviceId, serviceIds), inArray(rosterNeeds.positionId, positionIds)));
  for (const row of rows) planned.set(`${row.serviceId} ${row.positionId}`, row.count);
  return planned;
}

export interface ServicePlan {
  service: ServiceRow & { kind: "weekly" | "event"; isPast: boolean };
  teams: {
    id: string;
    name: string;
    ministrySlug: string;
    positions: { id: string; name: string; need: number; seats: SeatView[] }[];
  }[];
}

/** A service's plan: every team in the scope, each position's need that day and who serves. */
export async function getServicePlan(scope: MinistryScope, serviceId: string): Promise<ServicePlan> {
  const { db } = services();
  const service = await serviceById(serviceId);
  const main = await mainWeeklyService();
  const rows = await db
    .select({
      teamId: rosterTeams.id,
      teamName: rosterTeams.name,
      ministrySlug: rosterTeams.ministrySlug,
      positionId: rosterPositions.id,
      positionName: rosterPositions.name,
      weeklyNeed: rosterPositions.weeklyNeed,
    })
    .from(rosterTeams)
    .innerJoin(rosterPositions, eq(rosterPositions.teamId, rosterTeams.id))
    .where(slugInScope(rosterTeams.ministrySlug, scope))
    .orderBy(
      asc(rosterTeams.ministrySlug),
      asc(sql`lower(${rosterTeams.name})`),
      asc(rosterPositions.sortOrder),
      asc(sql`lower(${rosterPositions.name})`),
    );
  const positionIds = rows.map((row) => row.positionId);
  const [planned, holders] = await Promise.all([
    plannedNeeds([serviceId], positionIds),
    holdersAt([serviceId], positionIds),
  ]);
  const isTemplate = followsTemplate(service, main);
  const teams: ServicePlan["teams"] = [];
  for (const row of rows) {
    let team = teams.at(-1);
    if (team?.id !== row.teamId) {
      team = { id: row.teamId, name: row.teamName, ministrySlug: row.ministrySlug, positions: [] };
      teams.push(team);
    }
    const need = effectiveNeed(planned.get(`${serviceId} ${row.positionId}`), row.weeklyNeed, isTemplate);
    const held = holders.filter((holder) => holder.positionId === row.positionId);
    team.positions.push({ id: row.positionId, name: row.positionName, need, seats: seatsOf(need, held) });
  }
  return {
    service: {
      ...service,
      kind: service.eventId ? "event" : "weekly",
      isPast: service.serviceDate < todayInChurchZone(),
    },
    teams,
  };
}

/** Changes a team's counts for one service (this date only); returns how many changed. */
export async function setNeeds(
  actor: StaffActor,
  scope: MinistryScope,
  serviceId: string,
  teamId: string,
  counts: Record<string, unknown>,
): Promise<number> {
  const team = await teamInScope(scope, teamId);
  const service = await serviceById(serviceId);
  if (service.serviceDate < todayInChurchZone())
    throw new AppError("That date has passed: its plan can no longer change.", 400);
  const positions = await positionsOf(teamId);
  const wanted = Object.entries(counts).map(([positionId, value]) => {
    const position = positions.find((one) => one.id === positionId);
    if (!position) throw notFound("That position could not be found. It may have been removed.");
    const parsed = needCountSchema.safeParse(value);
    if (!parsed.success)
      throw new AppError(`${position.name}: ${parsed.error.issues[0]!.message}`, 400, { field: positionId });
    return { position, count: parsed.data };
  });
  const isTemplate = followsTemplate(service, await mainWeeklyService());
  const ids = positions.map((position) => position.id);
  return services().db.transaction(async (tx) => {
    const [planned, holders] = await Promise.all([
      plannedNeeds([serviceId], ids, tx),
      holdersAt([serviceId], ids, tx),
    ]);
    const changes = wanted.filter(
      ({ position, count }) =>
        count !== effectiveNeed(planned.get(`${serviceId} ${position.id}`), position.weeklyNeed, isTemplate),
    );
    for (const { position, count } of changes) {
      const beyond = holders.find((holder) => holder.positionId === position.id && holder.seat > count);
      if (beyond)
        throw new AppError(
          `${beyond.name} has seat ${beyond.seat} of ${position.name}: take them off that seat first, or keep ${beyond.seat}.`,
          409,
          { field: position.id },
        );
    }
    if (changes.length === 0) return 0;
    await tx
      .insert(rosterNeeds)
      .values(changes.map(({ position, count }) => ({ serviceId, positionId: position.id, count })))
      .onConflictDoUpdate({
        target: [rosterNeeds.serviceId, rosterNeeds.positionId],
        set: { count: sql`excluded.count` },
      });
    await logChange(tx, actor, "roster.need-changed", {
      subject: { type: "roster-team", id: team.id, label: team.name },
      details: {
        date: service.serviceDate,
        service: service.title,
        changes: changes.map(({ position, count }) => ({
          field: position.id,
          label: position.name,
          from: effectiveNeed(planned.get(`${serviceId} ${position.id}`), position.weeklyNeed, isTemplate),
          to: count,
        })),
      },
    });
    return changes.length;
  });
}

/** An event's plan, made (or brought up to the event's date, time and title) now; returns its id. */
export async function makeEventPlan(actor: StaffActor, eventId: string): Promise<string> {
  if (!isUuid(eventId)) throw notFound("That event could not be found. It may have been deleted.");
  const { db } = services();
  return db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).limit(1);
    if (!event) throw notFound("That event could not be found. It may have been deleted.");
    const values = { serviceDate: event.eventDate, startTime: event.eventTime, title: event.title };
    const [existing] = await tx.select().from(rosterServices).where(eq(rosterServices.eventId, eventId));
    if (existing) {
      await tx.update(rosterServices).set(values).where(eq(rosterServices.id, existing.id));
      return existing.id;
    }
    const [made] = await tx
      .insert(rosterServices)
      .values({ ...values, eventId })
      .onConflictDoUpdate({ target: rosterServices.eventId, set: values })
      .returning({ id: rosterServices.id });
    await logChange(tx, actor, "roster.plan-made", {
      subject: { type: "roster-service", id: made!.id, label: event.title },
      details: { date: event.eventDate },
    });
    return made!.id;
  });
}

/** The plan of a weekly service on a date (not the main one, whose dates are made as needed); returns its id. */
export async function makeWeeklyPlan(
  actor: StaffActor,
  serviceName: unknown,
  date: unknown,
): Promise<string> {
  const weekly = (await getSiteContent()).serviceTimes.filter(isWeekly);
  const service = weekly.find((one) => one.name === serviceName);
  if (!service) throw new AppError("Please choose the service from the list.", 400, { field: "serviceName" });
  const day = typeof date === "string" ? date.trim() : "";
  const today = todayInChurchZone();
  if (!isIsoDate(day)) throw new AppError("Please enter the date.", 400, { field: "date" });
  if (WEEKDAYS[dayOfWeek(day)] !== service.day)
    throw new AppError(
      `${formatDate(day)} is not a ${service.day}: the ${service.name} meets on ${service.day}s.`,
      400,
      {
        field: "date",
      },
    );
  if (day < today || day > addDays(today, 366))
    throw new AppError("Please choose a date in the coming year.", 400, { field: "date" });
  return services().db.transaction(async (tx) => {
    const [made] = await tx
      .insert(rosterServices)
      .values({ serviceDate: day, startTime: service.start, title: service.name, serviceName: service.name })
      .onConflictDoNothing()
      .returning({ id: rosterServices.id });
    if (made) {
      await logChange(tx, actor, "roster.plan-made", {
        subject: { type: "roster-service", id: made.id, label: service.name },
        details: { date: day },
      });
      return made.id;
    }
    const [existing] = await ensureWeeklyServices(service, [day], tx);
    return existing!.id;
  });
}

/** An event's plan id, or null when none is made yet, with the event's title and date. */
export async function eventPlan(eventId: string) {
  if (!isUuid(eventId)) throw notFound("That event could not be found. It may have been deleted.");
  const [row] = await services()
    .db.select({ title: events.title, date: events.eventDate, planId: rosterServices.id })
    .from(events)
    .leftJoin(rosterServices, eq(rosterServices.eventId, events.id))
    .where(eq(events.id, eventId));
  if (!row) throw notFound("That event could not be found. It may have been deleted.");
  return row;
}
