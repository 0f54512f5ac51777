import { and, asc, count, desc, eq, gte, inArray, isNull, lt } from "drizzle-orm";
import { events, eventSeries, rosterServices, type EventRow } from "../../../database/schema";
import { addDays, momentInChurchZone, todayInChurchZone } from "~/lib/dates";
import { focusOfChoice, type FocusChoice } from "~/lib/image-focus";
import { focusColumns, focusForEdit, type StoredImage } from "./event-picture-focus.server";
import { describeRepeat, isFrequency, OPEN_SERIES_DAYS, seriesDates, type Frequency } from "~/lib/recurrence";
import { fieldChanges, logChange, type Actor } from "../platform/change-log.server";
import type { Database } from "../platform/db.server";
import { services } from "../platform/services.server";
import { removeStoredFile } from "../platform/images.server";
import { promoteFromWaitlist } from "../people/event-seats.server";
import { getSiteContent } from "../site/site-content.server";
import { getEventRow, isEventId } from "./events.server";
import { loggableError } from "../platform/db-errors.server";

// Staff changes to events: a one-off or a repeating series, edited for one date or the ones after.

/** The fields an event's audit entry compares. */
const EVENT_AUDIT_FIELDS = [
  "title",
  "eventDate",
  "eventTime",
  "eventEndTime",
  "speaker",
  "locationName",
  "googleMapsUrl",
  "description",
  "titleFil",
  "descriptionFil",
  "imageUrl",
  "imageFocusX",
  "imageFocusY",
  "capacity",
  "registrationDeadline",
] as const;

export interface EventInput {
  title: string;
  eventDate: string;
  eventTime: string;
  eventEndTime: string | null;
  speaker: string | null;
  locationName: string;
  googleMapsUrl: string;
  description: string | null;
  /** The Filipino title and description (issue 39); null for none: the English shows instead. */
  titleFil?: string | null;
  descriptionFil?: string | null;
  capacity: number | null;
  registrationDeadline: Date | null;
  /** Where the picture's focus is: one of the nine positions, or "auto" (left out) for the point found in it. */
  imageFocus?: FocusChoice | "auto";
}

export type { StoredImage } from "./event-picture-focus.server";

/** A new event's repetition: how often, and the last date it may reach (null: no end date). */
export interface SeriesRule {
  frequency: Frequency;
  until: string | null;
}

/** The last date a series without an end date has its dates made up to, on `today`. */
function openSeriesHorizon(startsOn: string, today: string): string {
  const horizon = addDays(today, OPEN_SERIES_DAYS);
  return horizon > startsOn ? horizon : startsOn;
}

/** The registration deadline of another date of a series: as long before it as on the first. */
function deadlineFor(
  input: Pick<EventInput, "eventDate" | "eventTime" | "registrationDeadline">,
  date: string,
): Date | null {
  if (!input.registrationDeadline) return null;
  const before =
    momentInChurchZone(input.eventDate, input.eventTime).getTime() - input.registrationDeadline.getTime();
  return new Date(momentInChurchZone(date, input.eventTime).getTime() - before);
}

/**
 * Adds an event; with `repeat`, one row per date of the series (each with its own registrations,
 * seats and check-in): all of them at once, or for a series without an end date those of the
 * coming year (`extendOpenSeries` adds the later ones day by day). Returns the first date's row.
 */
export async function createEvent(
  input: EventInput,
  image: StoredImage | null,
  actor: Actor,
  repeat: SeriesRule | null = null,
  today: string = todayInChurchZone(),
): Promise<EventRow> {
  const { imageFocus, ...fields } = input;
  const picture = {
    imageUrl: image?.url ?? null,
    imageObjectPath: image?.objectName ?? null,
    ...focusColumns(focusOfChoice(imageFocus ?? "auto") ?? image?.focus ?? null),
  };
  return services().db.transaction(async (tx) => {
    if (!repeat) {
      const [row] = await tx
        .insert(events)
        .values({ ...fields, ...picture })
        .returning();
      await logChange(tx, actor, "event.created", {
        subject: { type: "event", id: row!.id, label: row!.title },
        details: image ? { image: image.objectName } : {},
      });
      return row!;
    }
    const madeThrough = repeat.until ?? openSeriesHorizon(input.eventDate, today);
    const [series] = await tx
      .insert(eventSeries)
      .values({ frequency: repeat.frequency, startsOn: input.eventDate, until: repeat.until, madeThrough })
      .returning();
    const dates = seriesDates(repeat.frequency, input.eventDate, madeThrough);
    const rows = await tx
      .insert(events)
      .values(
        dates.map((date) => ({
          ...fields,
          ...picture,
          eventDate: date,
          registrationDeadline: deadlineFor(input, date),
          seriesId: series!.id,
          occurrenceDate: date,
        })),
      )
      .returning();
    const first = rows.find((row) => row.eventDate === input.eventDate)!;
    await logChange(tx, actor, "event.created", {
      subject: { type: "event", id: first.id, label: first.title },
      details: {
        repeats: describeRepeat(repeat.frequency, input.eventDate),
        dates: rows.length,
        until: repeat.until ? dates.at(-1) : null,
        ...(image ? { image: image.objectName } : {}),
      },
    });
    return first;
  });
}

/** Which dates of a repeating event an edit or a removal reaches. */
export type SeriesScope = "this" | "following";

/** Stored pictures no event uses any more (dates of a series share one picture). */
async function unusedPictures(tx: Tx, objects: (string | null)[]): Promise<string[]> {
  const candidates = [...new Set(objects.filter((object): object is string => Boolean(object)))];
  if (candidates.length === 0) return [];
  const used = await tx
    .select({ object: events.imageObjectPath })
    .from(events)
    .where(inArray(events.imageObjectPath, candidates));
  const stillUsed = new Set(used.map((row) => row.object));
  return candidates.filter((object) => !stillUsed.has(object));
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The dates an edit or removal of `old` reaches: `old` alone, or with "following" it and every
 * later date of its series. For "following" from a date after the series' first, the series is
 * split there (the earlier dates keep the old rule up to the day before), so each series'
 * dates share one time and place, as a calendar's repeating entry does.
 */
async function datesInScope(tx: Tx, old: EventRow, scope: SeriesScope) {
  if (scope === "this" || !old.seriesId || !old.occurrenceDate)
    return { rows: [old], seriesId: old.seriesId };
  const rows = await tx
    .select()
    .from(events)
    .where(and(eq(events.seriesId, old.seriesId), gte(events.occurrenceDate, old.occurrenceDate)))
    .orderBy(asc(events.occurrenceDate))
    .for("update");
  return { rows, seriesId: old.seriesId };
}

async function splitSeriesAt(tx: Tx, seriesId: string, from: string): Promise<string> {
  const [series] = await tx.select().from(eventSeries).where(eq(eventSeries.id, seriesId)).for("update");
  if (!series || series.startsOn >= from) return seriesId;
  const [later] = await tx
    .insert(eventSeries)
    .values({
      frequency: series.frequency,
      startsOn: from,
      until: series.until,
      madeThrough: series.madeThrough,
    })
    .returning();
  await tx
    .update(eventSeries)
    .set({ until: addDays(from, -1), madeThrough: addDays(from, -1) })
    .where(eq(eventSeries.id, seriesId));
  return later!.id;
}

/**
 * Saves the event's fields, and its new picture when one was uploaded (the old picture's file is
 * removed afterwards, once no date uses it). For a date of a repeating event, `scope` says whether
 * the change is for that date alone or also for every later date (each keeps its own date).
 * Null when the event no longer exists.
 */
export async function updateEvent(
  id: string,
  input: EventInput,
  image: StoredImage | null,
  actor: Actor,
  origin: string,
  scope: SeriesScope = "this",
): Promise<EventRow | null> {
  if (!isEventId(id)) return null;
  const { db, storage } = services();
  // Read before the transaction: the embedded database answers one query at a time.
  const content = await getSiteContent();
  const current = await getEventRow(id);
  if (!current) return null;
  const { imageFocus, ...fields } = input;
  const focus = focusColumns(await focusForEdit(imageFocus ?? "auto", image, current));
  const result = await db.transaction(async (tx) => {
    const [old] = await tx.select().from(events).where(eq(events.id, id)).for("update");
    if (!old) return null;
    const reach = await datesInScope(tx, old, scope);
    const seriesId =
      scope === "following" && old.seriesId && old.occurrenceDate
        ? await splitSeriesAt(tx, old.seriesId, old.occurrenceDate)
        : old.seriesId;
    let edited: EventRow | null = null;
    for (const target of reach.rows) {
      const date = target.id === id ? input.eventDate : target.eventDate;
      const [row] = await tx
        .update(events)
        // An edited demo event is the church's own now: "Remove demo content" leaves it.
        .set({
          ...fields,
          ...focus,
          eventDate: date,
          registrationDeadline: target.id === id ? input.registrationDeadline : deadlineFor(input, date),
          isDemo: false,
          seriesId,
          // A date changed on its own stands apart in calendars; one changed with its series
          // follows the series' rule unless it has been moved to another day.
          isSeriesException: target.seriesId !== null && (scope === "this" || date !== target.occurrenceDate),
          ...(image ? { imageUrl: image.url, imageObjectPath: image.objectName } : {}),
        })
        .where(eq(events.id, target.id))
        .returning();
      // Its serving plan (issue 36) keeps the event's date, time and title.
      await tx
        .update(rosterServices)
        .set({ serviceDate: row!.eventDate, startTime: row!.eventTime, title: row!.title })
        .where(eq(rosterServices.eventId, row!.id));
      // More seats than before: the waitlist moves up at once.
      await promoteFromWaitlist(tx, row!, content, origin);
      if (target.id === id) edited = row!;
    }
    await logChange(tx, actor, "event.updated", {
      subject: { type: "event", id, label: edited!.title },
      details: {
        changes: fieldChanges(old, edited!, EVENT_AUDIT_FIELDS),
        ...(reach.rows.length > 1 ? { dates: reach.rows.length } : {}),
        ...(image ? { image: image.objectName } : {}),
      },
    });
    const replaced = image
      ? await unusedPictures(
          tx,
          reach.rows.map((row) => row.imageObjectPath),
        )
      : [];
    return { row: edited!, replaced };
  });
  for (const object of result?.replaced ?? []) {
    await removeStoredFile(storage, object).catch((error: unknown) => {
      console.warn(`Could not remove the replaced event image ${object}:`, loggableError(error));
    });
  }
  return result?.row ?? null;
}

/**
 * Deletes the event (with `scope` "following", also every later date of its series) and its
 * uploaded picture once no date uses it; registrations keep the event's title. True when it was
 * removed, false when there was none.
 */
export async function deleteEvent(id: string, actor: Actor, scope: SeriesScope = "this"): Promise<boolean> {
  if (!isEventId(id)) return false;
  const { db, storage } = services();
  const deleted = await db.transaction(async (tx) => {
    const [old] = await tx.select().from(events).where(eq(events.id, id)).for("update");
    if (!old) return false;
    const reach = await datesInScope(tx, old, scope);
    const ids = reach.rows.map((row) => row.id);
    await tx.delete(events).where(inArray(events.id, ids));
    if (scope === "following" && old.seriesId && old.occurrenceDate) {
      // The series now ends before this date (one without an end date gets one), or is gone
      // with its last date.
      const [left] = await tx.select({ n: count() }).from(events).where(eq(events.seriesId, old.seriesId));
      if (left?.n) {
        const end = addDays(old.occurrenceDate, -1);
        await tx
          .update(eventSeries)
          .set({ until: end, madeThrough: end })
          .where(eq(eventSeries.id, old.seriesId));
      } else {
        await tx.delete(eventSeries).where(eq(eventSeries.id, old.seriesId));
      }
    }
    await logChange(tx, actor, "event.deleted", {
      subject: { type: "event", id, label: old.title },
      details: ids.length > 1 ? { dates: ids.length } : {},
    });
    // Inside the transaction: if the file cannot be removed, the event stays as it was.
    for (const object of await unusedPictures(
      tx,
      reach.rows.map((row) => row.imageObjectPath),
    )) {
      await removeStoredFile(storage, object);
    }
    return true;
  });
  return deleted;
}

/**
 * Keeps every series without an end date a year ahead: the dates its rule gives after the last
 * one made, up to a year from `today`, each a row like the series' latest date (not one edited on
 * its own). A date staff removed is not made again. Run once a minute by the worker; it has work
 * once a day (or none), and several servers never make the same date twice (each series is
 * claimed while its dates are made). Returns how many dates it made.
 */
export async function extendOpenSeries(today: string = todayInChurchZone()): Promise<number> {
  const { db } = services();
  const horizon = addDays(today, OPEN_SERIES_DAYS);
  const due = and(isNull(eventSeries.until), lt(eventSeries.madeThrough, horizon));
  const waiting = await db.select({ id: eventSeries.id }).from(eventSeries).where(due);
  let made = 0;
  for (const { id } of waiting) {
    made += await db.transaction(async (tx) => {
      const [series] = await tx
        .select()
        .from(eventSeries)
        .where(and(eq(eventSeries.id, id), due))
        .for("update", { skipLocked: true });
      if (!series || !isFrequency(series.frequency)) return 0;
      const [pattern] = await tx
        .select()
        .from(events)
        .where(eq(events.seriesId, series.id))
        .orderBy(asc(events.isSeriesException), desc(events.occurrenceDate), desc(events.eventDate))
        .limit(1);
      const dates = seriesDates(series.frequency, series.startsOn, horizon).filter(
        (date) => date > series.madeThrough,
      );
      if (pattern && dates.length > 0) {
        await tx.insert(events).values(
          dates.map((date) => ({
            title: pattern.title,
            eventDate: date,
            eventTime: pattern.eventTime,
            eventEndTime: pattern.eventEndTime,
            speaker: pattern.speaker,
            locationName: pattern.locationName,
            googleMapsUrl: pattern.googleMapsUrl,
            description: pattern.description,
            titleFil: pattern.titleFil,
            descriptionFil: pattern.descriptionFil,
            imageUrl: pattern.imageUrl,
            imageObjectPath: pattern.imageObjectPath,
            capacity: pattern.capacity,
            registrationDeadline: deadlineFor(pattern, date),
            seriesId: series.id,
            occurrenceDate: date,
            isDemo: pattern.isDemo,
          })),
        );
      }
      await tx.update(eventSeries).set({ madeThrough: horizon }).where(eq(eventSeries.id, series.id));
      return pattern ? dates.length : 0;
    });
  }
  return made;
}
