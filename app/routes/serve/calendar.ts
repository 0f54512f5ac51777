import { ROSTER_CALENDAR_HEADERS, rosterCalendar } from "~/server/rosters/roster-calendar.server";
import type { Route } from "./+types/calendar";

// /serve/calendar/:token.ics: a volunteer's accepted serving dates as a calendar feed (issue 36),
// from the link made on their own page. Calendar apps ask for it every hour or so; a link that
// was replaced by a newer one, or altered, is not found.
export async function loader({ params }: Route.LoaderArgs) {
  const token = params.token.replace(/\.ics$/, "");
  const feed = await rosterCalendar(token);
  if (feed === null) {
    return new Response("This calendar link is not valid. Make a new one on your serving page.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(feed, {
    headers: { ...ROSTER_CALENDAR_HEADERS, "Content-Disposition": 'inline; filename="serving.ics"' },
  });
}
