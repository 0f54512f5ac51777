import {
  ArrowLeft,
  CalendarDays,
  CalendarPlus,
  CalendarX2,
  Clock,
  ExternalLink,
  Hourglass,
  MapPin,
  Mic,
  Repeat,
  TriangleAlert,
  Users,
} from "lucide-react";
import type { ReactNode } from "react";
import { data, Link, useSearchParams } from "react-router";
import { PageDialogTrigger, PageFormDialog } from "~/components/page-dialog";
import { EmailField, MobileField, NameField } from "~/components/contact-fields";
import { TextareaField } from "~/components/form-field";
import { EventJsonLd } from "~/components/json-ld";
import { PageHeader } from "~/components/page-header";
import { ServerToast } from "~/components/page-toast";

import { FormResultNotice, PublicForm } from "~/components/public-form";
import { buttonVariants } from "~/components/ui/button";
import { localInputInChurchZone, todayInChurchZone } from "~/lib/dates";
import { eventImageSrc } from "~/lib/event-image";
import { formatDateLong, formatTime12, formatTimeRange } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { loadAsDocument, type PageHandle } from "~/lib/page-scripts";
import { useSiteFrame } from "~/lib/site-frame";
import { eventRegistrationSchema, LIMITS } from "~/schemas/public-forms";
import {
  getEvent,
  isEventId,
  isPastEvent,
  isRegistrationClosed,
  laterDatesOf,
  repeatsText,
  type PublicEvent,
} from "~/server/content/events.server";
import { AppError } from "~/server/http/errors.server";
import { loadOrEmpty } from "~/server/http/loader.server";
import { handlePublicForm } from "~/server/http/public-forms.server";
import { registerForEvent, seatCounts } from "~/server/people/event-seats.server";
import { googleCalendarLink } from "~/server/content/event-calendar.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/detail";
import { ResponsiveImage } from "~/components/responsive-image";
import { ShareLinks } from "~/components/share-links";
import { factsOf } from "~/server/http/request-context.server";

const texts = {
  notFoundTitle: "Event Not Found",
  notFoundText: "Sorry, we couldn't find that event. It may have been removed, or the link may be mistyped.",
  back: "Back to All Events",
  register: "Register for This Event",
  registerDescription: "Let us know you are coming. We will keep your details only for this event.",
  errorToast: "Error fetching event",
  errorText: "We could not load this event just now. Please try again in a moment.",
  pastNotice: "This event has already taken place, so registration is closed.",
  closedNotice: "Registration for this event has closed.",
  fullNotice:
    "This event is full. You can still register to join the waitlist: if a seat frees up, it goes to the first person waiting, who is told by e-mail.",
  gone: "This event is no longer available.",
};

const REGISTER_PARAM = "register";

/** A moment as the public pages write dates: "Thursday, December 3, 2026, 12:00 PM". */
function publicMoment(moment: Date): string {
  const local = localInputInChurchZone(moment);
  return `${formatDateLong(local.slice(0, 10))}, ${formatTime12(local.slice(11))}`;
}

type ShownEvent = Omit<PublicEvent, "registrationDeadline"> & {
  imageSrc: string;
  /** When registration closes, written out; null for no deadline. */
  closes: string | null;
  /** Seats still free; null when the event has no limit. */
  seatsLeft: number | null;
  /** "Add to Google Calendar" for this event. */
  googleCalendar: string;
  /** The page's own address, for sharing. */
  url: string;
  /** "Every Friday" for a date of a repeating event, and its next dates after this one. */
  repeats: string | null;
  laterDates: { id: string; eventDate: string; eventTime: string }[];
};

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

function BackLink({ className }: { className?: string }) {
  return (
    <Link to="/events" className={buttonVariants({ variant: "outline", className })}>
      <ArrowLeft aria-hidden="true" />
      {texts.back}
    </Link>
  );
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

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  // Only dt and dd inside the group (a definition list allows nothing else there).
  return (
    <div className="relative min-h-10 pl-13">
      <dt className="text-sm font-semibold uppercase tracking-wide text-accent-text">
        <span className="absolute left-0 top-0 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 text-navy">{children}</dd>
    </div>
  );
}

/** The next dates of a repeating event, each a page of its own to register for. */
function LaterDates({ event }: { event: ShownEvent }) {
  return (
    <section aria-labelledby="later-dates">
      <h2 id="later-dates" className="text-lg font-bold text-navy">
        More Dates
      </h2>
      <ul className="mt-1 grid gap-x-6 sm:grid-cols-2">
        {event.laterDates.map((later) => (
          <li key={later.id}>
            <Link
              to={`/events/${later.id}`}
              className="inline-flex min-h-11 items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
            >
              <CalendarDays className="size-5 shrink-0" aria-hidden="true" />
              <time dateTime={later.eventDate}>{formatDateLong(later.eventDate)}</time>
              <span className="sr-only">, {event.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The event into the visitor's own calendar: a file every calendar app opens, or Google's page. */
function AddToCalendar({ event }: { event: ShownEvent }) {
  const link =
    "inline-flex min-h-11 items-center gap-2 font-medium text-primary underline-offset-4 hover:underline";
  return (
    <section aria-labelledby="add-to-calendar">
      <h2 id="add-to-calendar" className="text-lg font-bold text-navy">
        Add to Calendar
      </h2>
      <ul className="mt-1 flex flex-wrap gap-x-6">
        <li>
          <a href={`/events/${event.id}.ics`} download className={link}>
            <CalendarPlus className="size-5" aria-hidden="true" />
            Calendar file (.ics)
          </a>
        </li>
        <li>
          <a href={event.googleCalendar} target="_blank" rel="noopener noreferrer" className={link}>
            <ExternalLink className="size-5" aria-hidden="true" />
            Google Calendar
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      </ul>
    </section>
  );
}

function EventDetails({
  event,
  isPast,
  isClosed,
}: {
  event: ShownEvent;
  isPast: boolean;
  isClosed: boolean;
}) {
  const { church } = useSiteFrame();
  const [searchParams] = useSearchParams();
  const date = formatDateLong(event.eventDate);

  return (
    <>
      <EventJsonLd event={event} church={church} />
      <PageHeader eyebrow="Church Event" title={event.title} description={date} />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <BackLink />
        {/* Phone: picture, the facts with the button, then the description. Desktop: facts beside both. */}
        <div className="mt-8 grid items-start gap-8 lg:grid-cols-5 lg:gap-x-12">
          <ResponsiveImage
            src={event.imageSrc}
            alt=""
            width={800}
            height={450}
            // Full width on phones; three fifths of the 1280 px page from 1024 px.
            sizes="(min-width: 1280px) 710px, (min-width: 1024px) 56vw, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)"
            priority
            className="aspect-video w-full rounded-xl border border-border bg-muted object-cover shadow-sm lg:col-span-3"
          />

          <aside
            aria-labelledby="event-facts"
            className="rounded-xl border border-border bg-background p-6 shadow-sm lg:col-span-2 lg:col-start-4 lg:row-span-2 lg:row-start-1"
          >
            <h2 id="event-facts" className="text-xl font-bold text-navy">
              Event Details
            </h2>
            <dl className="mt-5 grid gap-5">
              <Fact icon={<CalendarDays className="size-5" aria-hidden="true" />} label="Date">
                <time dateTime={event.eventDate}>{date}</time>
              </Fact>
              <Fact icon={<Clock className="size-5" aria-hidden="true" />} label="Time">
                {formatTimeRange(event.eventTime, event.eventEndTime)}
              </Fact>
              {event.repeats ? (
                <Fact icon={<Repeat className="size-5" aria-hidden="true" />} label="Repeats">
                  {event.repeats}
                </Fact>
              ) : null}
              <Fact icon={<MapPin className="size-5" aria-hidden="true" />} label="Location">
                <a
                  href={event.googleMapsUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
                >
                  {event.locationName}
                  <span className="sr-only"> (opens Google Maps in a new tab)</span>
                  <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
                </a>
              </Fact>
              {event.speaker ? (
                <Fact icon={<Mic className="size-5" aria-hidden="true" />} label="Speaker">
                  {event.speaker}
                </Fact>
              ) : null}
              {event.seatsLeft !== null && !isPast && !isClosed ? (
                <Fact icon={<Users className="size-5" aria-hidden="true" />} label="Seats">
                  {event.seatsLeft === 0
                    ? "Full: registrations join the waitlist"
                    : `${event.seatsLeft} of ${event.capacity} left`}
                </Fact>
              ) : null}
              {event.closes && !isPast && !isClosed ? (
                <Fact icon={<Hourglass className="size-5" aria-hidden="true" />} label="Registration Closes">
                  {event.closes}
                </Fact>
              ) : null}
            </dl>
            <div className="mt-6 border-t border-border pt-6">
              {isPast || isClosed ? (
                <p className="rounded-md bg-muted px-4 py-3 text-sm text-muted-foreground">
                  {isPast ? texts.pastNotice : texts.closedNotice}
                </p>
              ) : (
                <>
                  {event.seatsLeft === 0 ? (
                    <p className="mb-4 rounded-md bg-muted px-4 py-3 text-sm text-muted-foreground">
                      {texts.fullNotice}
                    </p>
                  ) : null}
                  <PageDialogTrigger
                    param={REGISTER_PARAM}
                    className={buttonVariants({ variant: "gold", size: "lg", className: "w-full" })}
                  >
                    {event.seatsLeft === 0 ? "Join the Waitlist" : texts.register}
                  </PageDialogTrigger>
                </>
              )}
            </div>
          </aside>

          {event.description ? (
            <section aria-labelledby="about-event" className="lg:col-span-3">
              <h2 id="about-event" className="text-2xl font-bold text-navy">
                About This Event
              </h2>
              <p className="mt-3 whitespace-pre-line text-lg leading-relaxed text-muted-foreground">
                {event.description}
              </p>
            </section>
          ) : null}

          <div className="grid gap-6 lg:col-span-3">
            {event.laterDates.length > 0 ? <LaterDates event={event} /> : null}
            {isPast ? null : <AddToCalendar event={event} />}
            <ShareLinks
              url={event.url}
              title={event.title}
              text={`${event.title}: ${date}, ${formatTimeRange(event.eventTime, event.eventEndTime)} at ${event.locationName}`}
            />
          </div>
        </div>
      </div>

      {isPast || isClosed ? null : (
        <PageFormDialog
          param={REGISTER_PARAM}
          inline={searchParams.has(REGISTER_PARAM)}
          title={texts.register}
          description={`${event.title}, ${date}. ${texts.registerDescription}`}
        >
          <PublicForm
            name="event-registration"
            askEmailConsent
            action={`/events/${event.id}?${REGISTER_PARAM}`}
            submitLabel="Register"
          >
            {(state) => (
              <>
                <NameField id="name" state={state} />
                <EmailField id="email" state={state} />
                <MobileField id="mobile" state={state} />
                <TextareaField
                  id="message"
                  name="message"
                  label="Message (Optional)"
                  rows={3}
                  maxLength={LIMITS.message}
                  error={state.errors.message}
                  defaultValue={state.values.message}
                />
              </>
            )}
          </PublicForm>
        </PageFormDialog>
      )}
    </>
  );
}
