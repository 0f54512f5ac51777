import { and, desc, eq, gte, inArray, isNotNull, lte, ne, sql } from "drizzle-orm";
import type { WeeklyService } from "~/content/church";
import { events, eventRegistrations, headcounts } from "../../../database/schema";
import { addDays, isIsoDate, todayInChurchZone } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { isWeekly } from "~/lib/service-times";
import { headcountSchema, type Occasion } from "~/schemas/headcount";
import { AppError } from "../http/errors.server";
import { logChange, type Actor } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";
import { getSiteContent } from "../site/site-content.server";

// Service headcounts (issue 37): how many came to a weekly service on a date (by its name in the
// service times) or to an event, counted by staff or by an usher with a signed link. One row per
// service and date, and per event: saving again replaces the counts. A date still to come is
// refused. Children are only ever counts.
//
// An event's attendance counts its QR check-ins too, never twice: the larger of the people counted
// (adults + children) and the registrations checked in (not cancelled). The usher's count already
// includes whoever checked in, so adding them would count those people twice.

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export interface Counts {
  adults: number;
  children: number;
  online: number;
  firstTime: number;
}

export interface OccasionRow {
  occasion: Occasion;
  /** "Worship Service" or the event's title. */
  title: string;
  date: string;
  counts: (Counts & { recordedBy: string }) | null;
  /** Events only: registrations checked in by QR (not cancelled). */
  checkedIn: number | null;
  /** Adults + children, or for an event the larger of that and the check-ins; null when nothing is known. */
  attendance: number | null;
}

/** The weekly services of the service times; the main (first) one first. */
export async function weeklyServices(): Promise<WeeklyService[]> {
  return (await getSiteContent()).serviceTimes.filter(isWeekly);
}

/** The last `count` dates of a weekly service up to `today` (newest first). */
export function pastServiceDates(service: WeeklyService, today: string, count: number): string[] {
  const day = WEEKDAYS.indexOf(service.day);
  const todayDay = new Date(`${today}T00:00:00Z`).getUTCDay();
  const last = addDays(today, -((todayDay - day + 7) % 7));
  return Array.from({ length: count }, (_, i) => addDays(last, -7 * i));
}

/** An event's attendance: never the sum of the two, which would count checked-in people twice. */
export function eventAttendance(counted: number | null, checkedIn: number): number | null {
  if (counted === null) return checkedIn > 0 ? checkedIn : null;
  return Math.max(counted, checkedIn);
}

const countsOf = (row: typeof headcounts.$inferSelect) => ({
  adults: row.adults,
  children: row.children,
  online: row.online,
  firstTime: row.firstTime,
  recordedBy: row.recordedBy,
});

/** Checked-in registrations per event (not cancelled). */
async function checkIns(executor: Executor, eventIds: string[]): Promise<Map<string, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await executor
    .select({ eventId: eventRegistrations.eventId, n: sql<number>`count(*)::int` })
    .from(eventRegistrations)
    .where(
      and(
        inArray(eventRegistrations.eventId, eventIds),
        isNotNull(eventRegistrations.checkedInAt),
        ne(eventRegistrations.status, "cancelled"),
      ),
    )
    .groupBy(eventRegistrations.eventId);
  return new Map(rows.map((row) => [row.eventId!, row.n]));
}

/**
 * The occasions a headcount can be entered for, newest first: each weekly service's dates (the
 * main one's last `serviceWeeks`, the others' last `otherWeeks`) and the events from `since` to
 * `today`, with what was counted.
 */
export async function headcountOccasions(
  options: { today?: string; serviceWeeks: number; otherWeeks: number; since: string },
  executor: Executor = services().db,
): Promise<{ services: OccasionRow[]; events: OccasionRow[]; mainService: string | null }> {
  const today = options.today ?? todayInChurchZone();
  const weekly = await weeklyServices();
  const wanted = weekly.flatMap((service, index) =>
    pastServiceDates(service, today, index === 0 ? options.serviceWeeks : options.otherWeeks).map((date) => ({
      service,
      date,
    })),
  );
  const dates = [...new Set(wanted.map((w) => w.date))];
  const serviceRows =
    dates.length === 0
      ? []
      : await executor
          .select()
          .from(headcounts)
          .where(and(inArray(headcounts.serviceDate, dates), isNotNull(headcounts.serviceName)));
  const serviceList: OccasionRow[] = wanted
    .map(({ service, date }) => {
      const row = serviceRows.find((r) => r.serviceDate === date && r.serviceName === service.name);
      return {
        occasion: { kind: "service", date, serviceName: service.name } as const,
        title: service.name,
        date,
        counts: row ? countsOf(row) : null,
        checkedIn: null,
        attendance: row ? row.adults + row.children : null,
      };
    })
    .sort((a, b) => b.date.localeCompare(a.date));

  const eventRows = await executor
    .select({ id: events.id, title: events.title, date: events.eventDate })
    .from(events)
    .where(and(gte(events.eventDate, options.since), lte(events.eventDate, today)))
    .orderBy(desc(events.eventDate), desc(events.eventTime))
    .limit(30);
  const ids = eventRows.map((e) => e.id);
  const [counted, checked] = await Promise.all([
    ids.length === 0 ? [] : executor.select().from(headcounts).where(inArray(headcounts.eventId, ids)),
    checkIns(executor, ids),
  ]);
  const eventList: OccasionRow[] = eventRows.map((event) => {
    const row = counted.find((r) => r.eventId === event.id);
    const checkedIn = checked.get(event.id) ?? 0;
    return {
      occasion: { kind: "event", eventId: event.id },
      title: event.title,
      date: event.date,
      counts: row ? countsOf(row) : null,
      checkedIn,
      attendance: eventAttendance(row ? row.adults + row.children : null, checkedIn),
    };
  });
  return { services: serviceList, events: eventList, mainService: weekly[0]?.name ?? null };
}

/** What a saved headcount is for, as the audit log and the answer name it. */
export interface SavedHeadcount {
  title: string;
  date: string;
  replaced: boolean;
}

/** The occasion checked: a weekly service of the service times or an event, on a date that has come. */
async function resolveOccasion(
  executor: Executor,
  occasion: Occasion,
  today: string,
  earliest: string | null,
  weekly: WeeklyService[],
): Promise<{ title: string; date: string }> {
  const tooEarly = (date: string) => earliest !== null && date < earliest;
  if (occasion.kind === "service") {
    if (!isIsoDate(occasion.date))
      throw new AppError("Choose the service or event.", 400, { field: "occasion" });
    const service = weekly.find((s) => s.name === occasion.serviceName);
    if (!service || WEEKDAYS.indexOf(service.day) !== new Date(`${occasion.date}T00:00:00Z`).getUTCDay()) {
      throw new AppError("That service does not meet on that date.", 400, { field: "occasion" });
    }
    if (occasion.date > today) {
      throw new AppError("That date has not come yet: count it on the day.", 400, { field: "occasion" });
    }
    if (tooEarly(occasion.date)) {
      throw new AppError("That date is too long ago for this link.", 400, { field: "occasion" });
    }
    return { title: service.name, date: occasion.date };
  }
  if (!isUuid(occasion.eventId))
    throw new AppError("Choose the service or event.", 400, { field: "occasion" });
  const [event] = await executor
    .select({ title: events.title, date: events.eventDate })
    .from(events)
    .where(eq(events.id, occasion.eventId))
    .limit(1);
  if (!event) throw new AppError("That event could not be found.", 404, { field: "occasion" });
  if (event.date > today) {
    throw new AppError("That event has not happened yet: count it on the day.", 400, { field: "occasion" });
  }
  if (tooEarly(event.date))
    throw new AppError("That event is too long ago for this link.", 400, { field: "occasion" });
  return event;
}

/**
 * Saves the counts of a service date or an event, replacing what was there. `recordedBy` is the
 * staff account's e-mail or "usher:<name>"; `earliest` limits an usher to recent dates.
 */
export async function recordHeadcount(
  actor: Actor,
  recordedBy: string,
  input: Record<string, unknown>,
  options: { today?: string; earliest?: string | null } = {},
): Promise<SavedHeadcount> {
  const parsed = headcountSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError(issue.message, 400, { field: String(issue.path[0] ?? "form") });
  }
  const { occasion, ...counts } = parsed.data;
  const today = options.today ?? todayInChurchZone();
  // Read before the transaction: the embedded database has one connection.
  const weekly = await weeklyServices();
  return services().db.transaction(async (tx) => {
    const { title, date } = await resolveOccasion(tx, occasion, today, options.earliest ?? null, weekly);
    const values = { ...counts, recordedBy, updatedAt: new Date() };
    const match =
      occasion.kind === "service"
        ? and(eq(headcounts.serviceDate, date), eq(headcounts.serviceName, occasion.serviceName))
        : eq(headcounts.eventId, occasion.eventId);
    const [before] = await tx.select({ id: headcounts.id }).from(headcounts).where(match).limit(1);
    if (occasion.kind === "service") {
      await tx
        .insert(headcounts)
        .values({ serviceDate: date, serviceName: occasion.serviceName, ...values })
        .onConflictDoUpdate({ target: [headcounts.serviceDate, headcounts.serviceName], set: values });
    } else {
      await tx
        .insert(headcounts)
        .values({ serviceDate: date, eventId: occasion.eventId, ...values })
        .onConflictDoUpdate({ target: [headcounts.eventId], set: { ...values, serviceDate: date } });
    }
    await logChange(tx, actor, "headcount.recorded", {
      subject: {
        type: occasion.kind === "service" ? "service" : "event",
        id: occasion.kind === "event" ? occasion.eventId : null,
        label: `${title} on ${date}`,
      },
      details: { date, ...counts, by: recordedBy, ...(before ? { replaced: true } : {}) },
    });
    return { title, date, replaced: Boolean(before) };
  });
}
