import { data } from "react-router";
import { CALENDAR_HEADERS, eventCalendar } from "~/server/content/event-calendar.server";
import { getEvent } from "~/server/content/events.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/event-calendar";

// /events/{id}.ics: one event, the "Add to calendar" download of its page.
export async function loader({ params }: Route.LoaderArgs) {
  const [event, content] = await Promise.all([getEvent(params.id), getSiteContent()]);
  if (!event) throw data("This event is no longer available.", { status: 404 });
  return new Response(eventCalendar(event, content, siteOrigin()), {
    headers: { ...CALENDAR_HEADERS, "Content-Disposition": 'attachment; filename="event.ics"' },
  });
}
