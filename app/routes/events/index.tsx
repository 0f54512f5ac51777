import { CalendarPlus, CalendarX2, TriangleAlert } from "lucide-react";
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
      return { events, page, pages };
    },
    { events: [] as (PublicEvent & { imageSrc: string; repeats: string | null })[], page: 1, pages: 1 },
  );
}

// Calendar apps and browsers find the events feed from the page's head.
export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "text/calendar", href: "/events.ics", title: "Church events" },
];

export const handle: PageHandle = { enhancements: ["toasts"] };
export const clientLoader = loadAsDocument;

export default function Events({ loaderData }: Route.ComponentProps) {
  const { events, page, pages, loadFailed } = loaderData;

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
        {loadFailed ? null : (
          <p className="mt-10 text-center text-muted-foreground">
            Keep our events in your phone&apos;s calendar:{" "}
            <a
              href="/events.ics"
              className="inline-flex min-h-11 items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              <CalendarPlus className="size-4" aria-hidden="true" />
              subscribe to the events calendar
            </a>
          </p>
        )}
      </section>
    </>
  );
}
