import ical from "ical-generator";
import { and, eq, gte } from "drizzle-orm";
import { rosterServices, rosterSlots } from "../../../database/schema";
import { addDays, CHURCH_TIME_ZONE, momentInChurchZone, todayInChurchZone } from "~/lib/dates";
import { services } from "../platform/services.server";
import { siteOrigin } from "../platform/site-origin.server";
import { getSiteContent } from "../site/site-content.server";
import { openMemberLink, ROSTER_PURPOSES } from "./roster-links.server";
import { seatsWhere, volunteersByIds, type SeatDetail } from "./roster-seats.server";

// A volunteer's calendar feed (issue 36): their accepted dates, for a phone or desktop calendar
// to subscribe to (webcal://). Each seat keeps one UID, so a calendar updates an entry rather than
// adding another, and drops it when the person no longer serves then. Dates of the last few
// weeks stay, so a subscribed calendar keeps its history.

/** Services without their own length are entered as two hours long. */
const SERVICE_LENGTH_MS = 2 * 3600_000;
/** How far back the feed keeps accepted dates. */
const HISTORY_DAYS = 56;

export const ROSTER_CALENDAR_HEADERS = {
  "Content-Type": "text/calendar; charset=utf-8",
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
};

function entryTimes(seat: SeatDetail): { start: Date; end?: Date; allDay?: boolean } {
  if (!seat.startTime) return { start: new Date(`${seat.serviceDate}T00:00:00Z`), allDay: true };
  const start = momentInChurchZone(seat.serviceDate, seat.startTime.slice(0, 5));
  return { start, end: new Date(start.getTime() + SERVICE_LENGTH_MS) };
}

/** The feed of the link's member, or null when the link opens nothing. */
export async function rosterCalendar(token: string, now = new Date()): Promise<string | null> {
  const { db } = services();
  const link = await openMemberLink(db, ROSTER_PURPOSES.calendar, token);
  if (!link.ok) return null;
  const person = (await volunteersByIds(db, [link.memberId])).get(link.memberId);
  if (!person) return null;
  const seats = await seatsWhere(
    db,
    and(
      eq(rosterSlots.memberId, link.memberId),
      eq(rosterSlots.status, "accepted"),
      gte(rosterServices.serviceDate, addDays(todayInChurchZone(now), -HISTORY_DAYS)),
    ),
  );
  const { church } = await getSiteContent();
  const host = new URL(siteOrigin()).host;
  const calendar = ical({
    name: `${church.name}: where I serve`,
    prodId: { company: church.name, product: "serving rosters" },
    ttl: 3600,
  });
  calendar.x([{ key: "X-WR-TIMEZONE", value: CHURCH_TIME_ZONE }]);
  for (const seat of seats) {
    calendar.createEvent({
      id: `roster-${seat.id}@${host}`,
      ...entryTimes(seat),
      summary: `${seat.positionName} (${seat.teamName}): ${seat.title}`,
      description: `${seat.title}\n${seat.teamName}, ${seat.positionName}`,
      location: church.address || church.name,
    });
  }
  return calendar.toString();
}
