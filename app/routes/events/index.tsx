import { CalendarPlus, CalendarX2, Download, ExternalLink, TriangleAlert } from "lucide-react";
import { NewTabLink } from "~/components/new-tab-link";
import { Link } from "react-router";
import { EventCard } from "~/components/event-card";
import { PageHeader } from "~/components/page-header";
import { ServerToast } from "~/components/page-toast";
import { loadAsDocument, type PageHandle } from "~/lib/page-scripts";
import { Pager } from "~/components/pager";
import { buttonVariants } from "~/components/ui/button";
import { todayInChurchZone } from "~/lib/dates";
import { eventImageSrc } from "~/lib/event-image";
import { pageMeta } from "~/lib/meta";
import { requestedPage } from "~/lib/paging";
import { listUpcomingEventsPage, repeatsText, type PublicEvent } from "~/server/content/events.server";
import { feedSubscriptionLinks } from "~/server/content/event-calendar.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/index";

const texts = {
  title: "Church Events",
  description: "Worship, fellowship and outreach: come and join us. Everyone is welcome.",
  empty: "No upcoming events at the moment. Please check back soon!",
  errorToast: "Error fetching events",
  errorText: "We could not load the events just now. Please try again in a moment.",
};

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    texts.title,
    "Upcoming events at our church in Bahrain: dates, times, places and how to register.",
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  const subscribe = feedSubscriptionLinks(siteOrigin());
  return loadOrEmpty(
    "events",
    async () => {
      const [{ rows, page, pages }, { titledEventImages }] = await Promise.all([
        listUpcomingEventsPage(todayInChurchZone(), requestedPage(request)),
        getSiteContent(),
      ]);
      const events = rows.map((event) => ({
        ...event,
        imageSrc: eventImageSrc(event, titledEventImages),
        repeats: repeatsText(event),
      }));
      return { events, page, pages, subscribe };
    },
    {
      events: [] as (PublicEvent & { imageSrc: string; repeats: string | null })[],
      page: 1,
      pages: 1,
      subscribe,
    },
  );
}

// Calendar apps and browsers find the events feed from the page's head.
export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "text/calendar", href: "/events.ics", title: "Church events" },
];

export const handle: PageHandle = { enhancements: ["toasts"] };
export const clientLoader = loadAsDocument;

export default function Events({ loaderData }: Route.ComponentProps) {
  const { events, page, pages, subscribe, loadFailed } = loaderData;

  return (
    <>
      {loadFailed ? (
        <ServerToast
          toast={{ title: texts.errorToast, description: texts.errorText, variant: "destructive" }}
        />
      ) : null}
      <PageHeader eyebrow="Events" title={texts.title} description={texts.description} />
      <section aria-label="Upcoming events" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        {loadFailed ? (
          <div
            role="alert"
            className="mx-auto flex max-w-xl flex-col items-center rounded-xl border border-border bg-muted p-10 text-center"
          >
            <TriangleAlert className="size-10 text-destructive" aria-hidden="true" />
            <h2 className="mt-4 text-xl font-semibold text-navy">{texts.errorToast}</h2>
            <p className="mt-2 text-muted-foreground">{texts.errorText}</p>
            <Link
              to="/events"
              reloadDocument
              className={buttonVariants({ variant: "outline", className: "mt-6" })}
            >
              Try again
            </Link>
          </div>
        ) : events.length === 0 ? (
          <div className="mx-auto flex max-w-xl flex-col items-center rounded-xl border border-dashed border-input p-10 text-center">
            <CalendarX2 className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="mt-4 text-lg text-muted-foreground">{texts.empty}</p>
          </div>
        ) : (
          <>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {events.map((event, index) => (
                <li key={event.id}>
                  <EventCard event={event} isAboveFold={index === 0} />
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pages={pages}
              hrefFor={(target) => (target === 1 ? "/events" : `/events?page=${target}`)}
              previousLabel="Sooner events"
              nextLabel="Later events"
            />
          </>
        )}
        {loadFailed ? null : <CalendarLinks subscribe={subscribe} />}
      </section>
    </>
  );
}

const CALENDAR_LINK =
  "inline-flex min-h-11 items-center gap-2 font-medium text-primary underline-offset-4 hover:underline";

/**
 * Every upcoming event in the visitor's own calendar, kept up to date: a subscription (webcal://,
 * which phones and desktop calendars open as one), Google Calendar's page that adds it by its
 * address, or the file itself.
 */
function CalendarLinks({ subscribe }: { subscribe: { webcal: string; googleCalendar: string } }) {
  return (
    <section aria-labelledby="events-calendar" className="mt-12 text-center">
      <h2 id="events-calendar" className="text-lg font-bold text-navy">
        Keep our events in your calendar
      </h2>
      <p className="mt-1 text-muted-foreground">New events appear there by themselves.</p>
      <ul className="mt-2 flex flex-wrap justify-center gap-x-6">
        <li>
          <a href={subscribe.webcal} className={CALENDAR_LINK}>
            <CalendarPlus className="size-5" aria-hidden="true" />
            Subscribe
          </a>
        </li>
        <li>
          <NewTabLink href={subscribe.googleCalendar} className={CALENDAR_LINK}>
            <ExternalLink className="size-5" aria-hidden="true" />
            Google Calendar
          </NewTabLink>
        </li>
        <li>
          <a href="/events.ics" download className={CALENDAR_LINK}>
            <Download className="size-5" aria-hidden="true" />
            Download (.ics)
          </a>
        </li>
      </ul>
    </section>
  );
}
