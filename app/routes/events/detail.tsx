import { CalendarX2, TriangleAlert } from "lucide-react";
import { data } from "react-router";
import { PageHeader } from "~/components/page-header";
import { ServerToast } from "~/components/page-toast";
import { FormResultNotice } from "~/components/public-form";
import { localInputInChurchZone, todayInChurchZone } from "~/lib/dates";
import { eventImageSrc } from "~/lib/event-image";
import { formatDateLong, formatTime12, formatTimeRange } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument, type PageHandle } from "~/lib/page-scripts";
import { eventRegistrationSchema } from "~/schemas/public-forms";
import {
  getEvent,
  isEventId,
  isPastEvent,
  isRegistrationClosed,
  laterDatesOf,
  repeatsText,
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
import { texts, type ShownEvent } from "./detail-model";

/** A moment as the public pages write dates: "Thursday, December 3, 2026, 12:00 PM". */
function publicMoment(moment: Date): string {
  const local = localInputInChurchZone(moment);
  return `${formatDateLong(local.slice(0, 10))}, ${formatTime12(local.slice(11))}`;
}

export async function loader({ params }: Route.LoaderArgs) {
  const loaded = await loadOrEmpty(
    "an event",
    async () => {
      const [event, { titledEventImages }, seats] = await Promise.all([
        getEvent(params.id),
        getSiteContent(),
        seatCounts([params.id].filter(isEventId)),
      ]);
      const laterDates = event ? await laterDatesOf(event, todayInChurchZone()) : [];
      const shown: ShownEvent | null = event
        ? {
            ...event,
            imageSrc: eventImageSrc(event, titledEventImages),
            closes: event.registrationDeadline ? publicMoment(event.registrationDeadline) : null,
            seatsLeft:
              event.capacity === null
                ? null
                : Math.max(0, event.capacity - (seats.get(event.id)?.taken ?? 0)),
            googleCalendar: googleCalendarLink(event, siteOrigin()),
            url: `${siteOrigin()}/events/${event.id}`,
            repeats: repeatsText(event),
            laterDates,
          }
        : null;
      return {
        event: shown,
        isPast: event ? isPastEvent(event, todayInChurchZone()) : false,
        isClosed: event ? isRegistrationClosed(event) : false,
      };
    },
    { event: null as ShownEvent | null, isPast: false, isClosed: false },
  );
  return loaded.data.loadFailed || loaded.data.event ? loaded : data(loaded.data, { status: 404 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return handlePublicForm({
    request,
    clientIp: factsOf(context).clientIp,
    schema: eventRegistrationSchema,
    failureTitle: "Registration Failed",
    save: async (registrant) => {
      // Read the event again: it may have been removed or have passed since the page was opened.
      const outcome = await registerForEvent(params.id, registrant, todayInChurchZone(), siteOrigin());
      if (!outcome.ok && outcome.reason === "past") throw new AppError(texts.pastNotice, 409);
      if (!outcome.ok && outcome.reason === "closed") throw new AppError(texts.closedNotice, 409);
      if (!outcome.ok) throw new AppError(texts.gone, 404);
      if (outcome.status === "waitlisted") {
        return {
          title: "You're on the Waitlist",
          description: `${outcome.eventTitle} is full, so you are on the waitlist. We will e-mail you if a seat frees up.`,
        };
      }
      return {
        title: "Registration Successful!",
        description: `You've registered for ${outcome.eventTitle}.`,
      };
    },
  });
}

// The registration form opens in a modal and is sent in the background where scripts run.
export const handle: PageHandle = { enhancements: ["dialogs", "forms", "toasts", "share"] };
export const clientLoader = loadAsDocument;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const event = loaderData?.event;
  if (event) {
    return pageMeta(
      matches,
      event.title,
      `${formatDateLong(event.eventDate)}, ${formatTimeRange(event.eventTime, event.eventEndTime)} at ${event.locationName}.` +
        (event.description ? ` ${event.description}` : ""),
      event.imageSrc,
    );
  }
  if (loaderData && !loaderData.loadFailed) return pageMeta(matches, texts.notFoundTitle, texts.notFoundText);
  return pageMeta(matches, "Church Event", texts.errorText);
}

export default function EventDetail({ loaderData }: Route.ComponentProps) {
  const { event, isPast, isClosed, loadFailed: isError } = loaderData;

  if (event) return <EventDetails event={event} isPast={isPast} isClosed={isClosed} />;

  const isNotFound = !isError;
  return (
    <>
      {isError ? (
        <ServerToast
          toast={{ title: texts.errorToast, description: texts.errorText, variant: "destructive" }}
        />
      ) : null}
      <PageHeader title={isNotFound ? texts.notFoundTitle : texts.errorToast} />
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:px-6 lg:px-8">
        {isNotFound ? (
          <CalendarX2 className="size-10 text-muted-foreground" aria-hidden="true" />
        ) : (
          <TriangleAlert className="size-10 text-destructive" aria-hidden="true" />
        )}
        <FormResultNotice className="mt-4" />
        <p className="mt-4 text-lg text-muted-foreground" role={isNotFound ? undefined : "alert"}>
          {isNotFound ? texts.notFoundText : texts.errorText}
        </p>
        <BackLink className="mt-8" />
      </section>
    </>
  );
}
