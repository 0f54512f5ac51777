import { CalendarDays, Clock, Hourglass, MapPin, Mic, Repeat, Users, ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { NewTabLink } from "~/components/new-tab-link";
import { PageDialogTrigger } from "~/components/page-dialog";
import { buttonVariants } from "~/components/ui/button";
import { formatTimeRange } from "~/lib/format";
import { useT } from "~/lib/i18n";
import { REGISTER_PARAM, type ShownEvent } from "./detail-model";

function Fact({
  icon,
  label,
  refreshId,
  children,
}: {
  icon: ReactNode;
  label: string;
  /** Set for a fact a registration changes: the forms script takes it from the answer page. */
  refreshId?: string;
  children: ReactNode;
}) {
  // Only dt and dd inside the group (a definition list allows nothing else there).
  return (
    <div
      className="relative min-h-10 pl-13"
      {...(refreshId ? { id: refreshId, "data-form-refresh": "" } : {})}
    >
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

/** The facts of the event beside its picture, and the button that opens the registration form. */
export function EventFacts({
  event,
  date,
  isPast,
  isClosed,
}: {
  event: ShownEvent;
  date: string;
  isPast: boolean;
  isClosed: boolean;
}) {
  const t = useT();
  return (
    <aside
      aria-labelledby="event-facts"
      className="rounded-xl border border-border bg-background p-6 shadow-sm lg:col-span-2 lg:col-start-4 lg:row-span-2 lg:row-start-1"
    >
      <h2 id="event-facts" className="text-xl font-bold text-navy">
        {t("events.details")}
      </h2>
      <dl className="mt-5 grid gap-5">
        <Fact icon={<CalendarDays className="size-5" aria-hidden="true" />} label={t("events.date")}>
          <time dateTime={event.eventDate}>{date}</time>
        </Fact>
        <Fact icon={<Clock className="size-5" aria-hidden="true" />} label={t("events.time")}>
          {formatTimeRange(event.eventTime, event.eventEndTime)}
        </Fact>
        {event.repeats ? (
          <Fact icon={<Repeat className="size-5" aria-hidden="true" />} label={t("events.repeats")}>
            {event.repeats}
          </Fact>
        ) : null}
        <Fact icon={<MapPin className="size-5" aria-hidden="true" />} label={t("events.location")}>
          <NewTabLink
            href={event.googleMapsUrl}
            opens="Google Maps"
            className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            trailingIcon={<ExternalLink className="size-4 shrink-0" aria-hidden="true" />}
          >
            {event.locationName}
          </NewTabLink>
        </Fact>
        {event.speaker ? (
          <Fact icon={<Mic className="size-5" aria-hidden="true" />} label={t("events.speaker")}>
            {event.speaker}
          </Fact>
        ) : null}
        {event.seatsLeft !== null && !isPast && !isClosed ? (
          <Fact
            icon={<Users className="size-5" aria-hidden="true" />}
            label={t("events.seats")}
            refreshId="event-seats"
          >
            {event.seatsLeft === 0
              ? t("events.seatsFull")
              : t("events.seatsLeft", { left: event.seatsLeft, capacity: event.capacity ?? 0 })}
          </Fact>
        ) : null}
        {event.closes && !isPast && !isClosed ? (
          <Fact
            icon={<Hourglass className="size-5" aria-hidden="true" />}
            label={t("events.registrationCloses")}
          >
            {event.closes}
          </Fact>
        ) : null}
      </dl>
      <div className="mt-6 border-t border-border pt-6">
        {isPast || isClosed ? (
          <p className="rounded-md bg-muted px-4 py-3 text-sm text-muted-foreground">
            {isPast ? t("events.pastNotice") : t("events.closedNotice")}
          </p>
        ) : (
          <>
            {event.seatsLeft === 0 ? (
              <p className="mb-4 rounded-md bg-muted px-4 py-3 text-sm text-muted-foreground">
                {t("events.fullNotice")}
              </p>
            ) : null}
            <PageDialogTrigger
              param={REGISTER_PARAM}
              className={buttonVariants({ variant: "gold", size: "lg", className: "w-full" })}
            >
              {event.seatsLeft === 0 ? t("events.joinWaitlist") : t("events.register")}
            </PageDialogTrigger>
          </>
        )}
      </div>
    </aside>
  );
}
