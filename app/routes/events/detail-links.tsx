import { CalendarDays, CalendarPlus, ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { NewTabLink } from "~/components/new-tab-link";
import { dateLongIn } from "~/lib/dates-in-language";
import { useLocale, useLocalePath, useT } from "~/lib/i18n";
import type { ShownEvent } from "./detail-model";

/** The next dates of a repeating event, each a page of its own to register for. */
export function LaterDates({ event }: { event: ShownEvent }) {
  const t = useT();
  const locale = useLocale();
  const href = useLocalePath();
  return (
    <section aria-labelledby="later-dates">
      <h2 id="later-dates" className="text-lg font-bold text-navy">
        {t("events.moreDates")}
      </h2>
      <ul className="mt-1 grid gap-x-6 sm:grid-cols-2">
        {event.laterDates.map((later) => (
          <li key={later.id}>
            <Link
              to={href(`/events/${later.id}`)}
              className="inline-flex min-h-11 items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
            >
              <CalendarDays className="size-5 shrink-0" aria-hidden="true" />
              <time dateTime={later.eventDate}>{dateLongIn(locale, later.eventDate)}</time>
              <span className="sr-only" lang={event.textLang}>
                , {event.title}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The event into the visitor's own calendar: a file every calendar app opens, or Google's page. */
export function AddToCalendar({ event }: { event: ShownEvent }) {
  const t = useT();
  const link =
    "inline-flex min-h-11 items-center gap-2 font-medium text-primary underline-offset-4 hover:underline";
  return (
    <section aria-labelledby="add-to-calendar">
      <h2 id="add-to-calendar" className="text-lg font-bold text-navy">
        {t("events.addToCalendar")}
      </h2>
      <ul className="mt-1 flex flex-wrap gap-x-6">
        <li>
          <a href={`/events/${event.id}.ics`} download className={link}>
            <CalendarPlus className="size-5" aria-hidden="true" />
            {t("events.calendarFile")}
          </a>
        </li>
        <li>
          <NewTabLink href={event.googleCalendar} className={link}>
            <ExternalLink className="size-5" aria-hidden="true" />
            Google Calendar
          </NewTabLink>
        </li>
      </ul>
    </section>
  );
}
