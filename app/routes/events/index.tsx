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
import { repeatsIn } from "~/lib/dates-in-language";
import { localeOfPath, localeOfRequest, translator, useLocalePath, useT } from "~/lib/i18n";
import { eventImageSrc } from "~/lib/event-image";
import { pageMeta } from "~/lib/meta";
import { requestedPage } from "~/lib/paging";
import { listUpcomingEventsPage, type PublicEvent } from "~/server/content/events.server";
import { feedSubscriptionLinks } from "~/server/content/event-calendar.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/index";

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translator(localeOfPath(location.pathname));
  return pageMeta(matches, t("events.listTitle"), t("events.listMetaDescription"));
}

export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const subscribe = feedSubscriptionLinks(siteOrigin());
  return loadOrEmpty(
    "events",
    async () => {
      const [{ rows, page, pages }, { titledEventImages }] = await Promise.all([
        listUpcomingEventsPage(todayInChurchZone(), requestedPage(request), locale),
        getSiteContent(locale),
      ]);
      const events = rows.map((event) => ({
        ...event,
        imageSrc: eventImageSrc(event, titledEventImages),
        repeats: repeatsIn(locale, event),
        textLocale: event.titleLang,
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
  const t = useT();
  const href = useLocalePath();

  return (
    <>
      {loadFailed ? (
        <ServerToast
          toast={{
            title: t("events.listErrorToast"),
            description: t("events.listErrorText"),
            variant: "destructive",
          }}
        />
      ) : null}
      <PageHeader
        eyebrow={t("events.listEyebrow")}
        title={t("events.listTitle")}
        description={t("events.listDescription")}
      />
      <section
        aria-label={t("events.upcoming")}
        className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8"
      >
        {loadFailed ? (
          <div
            role="alert"
            className="mx-auto flex max-w-xl flex-col items-center rounded-xl border border-border bg-muted p-10 text-center"
          >
            <TriangleAlert className="size-10 text-destructive" aria-hidden="true" />
            <h2 className="mt-4 text-xl font-semibold text-navy">{t("events.listErrorToast")}</h2>
            <p className="mt-2 text-muted-foreground">{t("events.listErrorText")}</p>
            <Link
              to={href("/events")}
              reloadDocument
              className={buttonVariants({ variant: "outline", className: "mt-6" })}
            >
              {t("events.tryAgain")}
            </Link>
          </div>
        ) : events.length === 0 ? (
          <div className="mx-auto flex max-w-xl flex-col items-center rounded-xl border border-dashed border-input p-10 text-center">
            <CalendarX2 className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="mt-4 text-lg text-muted-foreground">{t("events.empty")}</p>
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
              hrefFor={(target) => href(target === 1 ? "/events" : `/events?page=${target}`)}
              previousLabel={t("events.sooner")}
              nextLabel={t("events.later")}
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
  const t = useT();
  return (
    <section aria-labelledby="events-calendar" className="mt-12 text-center">
      <h2 id="events-calendar" className="text-lg font-bold text-navy">
        {t("events.keepInCalendar")}
      </h2>
      <p className="mt-1 text-muted-foreground">{t("events.appearByThemselves")}</p>
      <ul className="mt-2 flex flex-wrap justify-center gap-x-6">
        <li>
          <a href={subscribe.webcal} className={CALENDAR_LINK}>
            <CalendarPlus className="size-5" aria-hidden="true" />
            {t("events.subscribe")}
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
            {t("events.download")}
          </a>
        </li>
      </ul>
    </section>
  );
}
