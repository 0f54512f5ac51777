import { todayInChurchZone } from "~/lib/dates";
import { CALENDAR_HEADERS, eventsCalendar } from "~/server/content/event-calendar.server";
import { listUpcomingEvents } from "~/server/content/events.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import { getSiteContent } from "~/server/site/site-content.server";

// /events.ics: every upcoming event, for phone and desktop calendars to subscribe to.
export async function loader() {
  const [events, content] = await Promise.all([listUpcomingEvents(todayInChurchZone()), getSiteContent()]);
  return new Response(eventsCalendar(events, content, siteOrigin()), {
    headers: { ...CALENDAR_HEADERS, "Content-Disposition": 'inline; filename="events.ics"' },
  });
}
