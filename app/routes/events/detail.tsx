import { CalendarX2, TriangleAlert } from "lucide-react";
import { data } from "react-router";
import { PageHeader } from "~/components/page-header";
import { ServerToast } from "~/components/page-toast";
import { FormResultNotice } from "~/components/public-form";
import { todayInChurchZone } from "~/lib/dates";
import { dateLongIn, momentIn, repeatsIn } from "~/lib/dates-in-language";
import { eventImageSrc } from "~/lib/event-image";
import { formatTimeRange } from "~/lib/format";
import { localeOfPath, localePath, localeOfRequest, sectionLang, translator, useT } from "~/lib/i18n";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument, type PageHandle } from "~/lib/page-scripts";
import { eventRegistrationSchema } from "~/schemas/public-forms";
import { PRIVACY_SECTION } from "~/schemas/site-sections";
import {
  getEvent,
  isEventId,
  isPastEvent,
  isRegistrationClosed,
  laterDatesOf,
} from "~/server/content/events.server";
import { AppError } from "~/server/http/errors.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { handlePublicForm } from "~/server/http/public-forms.server";
import { registerForEvent, seatCounts } from "~/server/people/event-seats.server";
import { googleCalendarLink } from "~/server/content/event-calendar.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/detail";
import { factsOf } from "~/server/http/request-context.server";
import { BackLink, EventDetails } from "./detail-event";
import type { ShownEvent } from "./detail-model";

export async function loader({ params, request }: Route.LoaderArgs) {
  const locale = localeOfRequest(request);
  const loaded = await loadOrEmpty(
    "an event",
    async () => {
      const [event, { titledEventImages, englishOnly }, seats] = await Promise.all([
        getEvent(params.id, locale),
        getSiteContent(locale),
        seatCounts([params.id].filter(isEventId)),
      ]);
      const laterDates = event ? await laterDatesOf(event, todayInChurchZone()) : [];
      const shown: ShownEvent | null = event
        ? {
            ...event,
            imageSrc: eventImageSrc(event, titledEventImages),
            // "Thursday, December 3, 2026, 12:00 PM", in the page's language.
            closes: event.registrationDeadline ? momentIn(locale, event.registrationDeadline) : null,
            seatsLeft:
              event.capacity === null
                ? null
                : Math.max(0, event.capacity - (seats.get(event.id)?.taken ?? 0)),
            googleCalendar: googleCalendarLink(event, siteOrigin()),
            url: `${siteOrigin()}${localePath(locale, `/events/${event.id}`)}`,
            repeats: repeatsIn(locale, event),
            laterDates,
            // The title and description stand in English where no Filipino was written (issue 39).
            ...(event.titleLang === locale ? {} : { textLang: "en" as const }),
            ...(event.descriptionLang === locale ? {} : { aboutLang: "en" as const }),
          }
        : null;
      return {
        event: shown,
        isPast: event ? isPastEvent(event, todayInChurchZone()) : false,
        isClosed: event ? isRegistrationClosed(event) : false,
        privacyLang: sectionLang(englishOnly, PRIVACY_SECTION.id),
      };
    },
    {
      event: null as ShownEvent | null,
      isPast: false,
      isClosed: false,
      privacyLang: undefined as "en" | undefined,
    },
  );
  return loaded.data.loadFailed || loaded.data.event ? loaded : data(loaded.data, { status: 404 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const t = translator(localeOfRequest(request));
  return handlePublicForm({
    request,
    clientIp: factsOf(context).clientIp,
    schema: eventRegistrationSchema,
    failureTitle: t("forms.registrationFailed"),
    save: async (registrant, { locale }) => {
      // Read the event again: it may have been removed or have passed since the page was opened.
      const outcome = await registerForEvent(
        params.id,
        { ...registrant, language: locale },
        todayInChurchZone(),
        siteOrigin(),
      );
      if (!outcome.ok && outcome.reason === "past") throw new AppError(t("events.pastNotice"), 409);
      if (!outcome.ok && outcome.reason === "closed") throw new AppError(t("events.closedNotice"), 409);
      if (!outcome.ok) throw new AppError(t("events.gone"), 404);
      if (outcome.status === "waitlisted") {
        return {
          title: t("events.waitlistTitle"),
          description: t("events.waitlistDescription", { event: outcome.eventTitle }),
        };
      }
      return {
        title: t("forms.registrationSuccessful"),
        description: t("events.registered", { event: outcome.eventTitle }),
      };
    },
  });
}

// The registration form opens in a modal and is sent in the background where scripts run.
export const handle: PageHandle = { enhancements: ["dialogs", "forms", "toasts", "share"] };
export const clientLoader = loadAsDocument;

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const locale = localeOfPath(location.pathname);
  const t = translator(locale);
  const event = loaderData?.event;
  if (event) {
    return pageMeta(
      matches,
      event.title,
      t("events.metaDescription", {
        date: dateLongIn(locale, event.eventDate),
        time: formatTimeRange(event.eventTime, event.eventEndTime),
        place: event.locationName,
      }) + (event.description ? ` ${event.description}` : ""),
      event.imageSrc,
    );
  }
  if (loaderData && !loaderData.loadFailed) {
    return pageMeta(matches, t("events.notFoundTitle"), t("events.notFoundText"));
  }
  return pageMeta(matches, t("events.eyebrow"), t("events.errorText"));
}

export default function EventDetail({ loaderData }: Route.ComponentProps) {
  const { event, isPast, isClosed, privacyLang, loadFailed: isError } = loaderData;
  const t = useT();

  if (event)
    return <EventDetails event={event} isPast={isPast} isClosed={isClosed} privacyLang={privacyLang} />;

  const isNotFound = !isError;
  return (
    <>
      {isError ? (
        <ServerToast
          toast={{
            title: t("events.errorToast"),
            description: t("events.errorText"),
            variant: "destructive",
          }}
        />
      ) : null}
      <PageHeader title={isNotFound ? t("events.notFoundTitle") : t("events.errorToast")} />
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:px-6 lg:px-8">
        {isNotFound ? (
          <CalendarX2 className="size-10 text-muted-foreground" aria-hidden="true" />
        ) : (
          <TriangleAlert className="size-10 text-destructive" aria-hidden="true" />
        )}
        <FormResultNotice className="mt-4" />
        <p className="mt-4 text-lg text-muted-foreground" role={isNotFound ? undefined : "alert"}>
          {isNotFound ? t("events.notFoundText") : t("events.errorText")}
        </p>
        <BackLink className="mt-8" />
      </section>
    </>
  );
}
