import { Clock, MapPin, Repeat, type LucideIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import type { EventEssentials } from "~/lib/event-essentials";
import { ArrowLink } from "./arrow-link";
import { formatTimeRange } from "~/lib/format";
import { useLocale, useLocalePath, useT, type Locale } from "~/lib/i18n";
import { dateBadge, formatDateLong } from "~/lib/locale-format";
import { inLang, textLang, useRichT } from "~/lib/text-lang";
import { objectPosition } from "~/lib/image-focus";
import { parseVariantSet } from "~/lib/image-variants";
import { buttonVariants } from "./ui/button";
import { ResponsiveImage } from "./responsive-image";

export interface EventCardData extends EventEssentials {
  description: string | null;
  /** The picture to show (the event's own or a default). */
  imageSrc: string;
  /** The picture's focal point in percent (null for the centre). */
  imageFocusX: number | null;
  imageFocusY: number | null;
  /** "Every Friday" for a repeating event (the card shows its soonest date). */
  repeats?: string | null;
  /**
   * The language the title, description and place are written in (English unless the loader
   * sends a translation): on a page in another language they carry their own lang.
   */
  textLocale?: Locale;
}

/**
 * An event's picture, decorative (the title beside it says what the event is), cropped to the
 * 16:9 frame `className` gives it around its focal point: a portrait photo keeps the faces in view
 * and never makes its card taller than the others.
 */
export function EventPicture({
  focusX,
  focusY,
  ...props
}: Omit<ComponentProps<typeof ResponsiveImage>, "alt" | "width" | "height" | "style"> & {
  focusX: number | null;
  focusY: number | null;
}) {
  // An uploaded picture's name says its size, so the focal point can go to the frame's middle.
  const size = parseVariantSet(props.src);
  const fit = size ? { width: size.width, height: size.height, frame: 16 / 9 } : undefined;
  return (
    <ResponsiveImage
      alt=""
      width={800}
      height={450}
      style={{ objectPosition: objectPosition(focusX, focusY, fit) }}
      {...props}
    />
  );
}

/** One line of the card's facts: an icon, and a label only screen readers hear before the value. */
function CardFact({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2">
      <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>
        <span className="sr-only">{`${label}: `}</span>
        {children}
      </span>
    </p>
  );
}

/** One upcoming event in the list: picture with a day-and-month badge, the essentials, a link on. */
export function EventCard({ event, isAboveFold = false }: { event: EventCardData; isAboveFold?: boolean }) {
  const locale = useLocale();
  const t = useT();
  const richT = useRichT();
  const href = useLocalePath();
  const lang = textLang(locale, event.textLocale);
  const badge = dateBadge(event.eventDate, locale);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-border bg-background shadow-sm">
      <div className="relative aspect-video overflow-hidden bg-muted">
        <EventPicture
          src={event.imageSrc}
          focusX={event.imageFocusX}
          focusY={event.imageFocusY}
          // One column on phones, two from 640 px, three from 1024 px, in the 1280 px page.
          sizes="(min-width: 1280px) 390px, (min-width: 1024px) calc((100vw - 112px) / 3), (min-width: 640px) calc((100vw - 72px) / 2), calc(100vw - 32px)"
          priority={isAboveFold}
          // Laid over the 16:9 frame rather than in it, so a tall picture cannot stretch the frame.
          className="absolute inset-0 size-full object-cover"
        />
        <p className="absolute left-4 top-4 flex min-w-14 flex-col items-center rounded-lg bg-background px-3 py-1.5 text-center shadow-md">
          <time dateTime={event.eventDate}>
            <span aria-hidden="true" className="block text-2xl font-bold leading-none text-navy">
              {badge.day}
            </span>
            <span
              aria-hidden="true"
              className="mt-1 block text-xs font-semibold uppercase tracking-wide text-accent-text"
            >
              {badge.month}
            </span>
            <span className="sr-only">{formatDateLong(event.eventDate, locale)}</span>
          </time>
        </p>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h2 lang={lang} className="text-xl font-semibold text-navy">
          {event.title}
        </h2>
        <div className="mt-3 grid gap-2 text-sm text-muted-foreground">
          <CardFact icon={Clock} label={t("common.eventTime")}>
            {formatTimeRange(event.eventTime, event.eventEndTime)}
          </CardFact>
          {event.repeats ? (
            <CardFact icon={Repeat} label={t("common.eventRepeats")}>
              {event.repeats}
            </CardFact>
          ) : null}
          <CardFact icon={MapPin} label={t("common.eventLocation")}>
            {inLang(event.locationName, lang)}
          </CardFact>
        </div>
        {event.description ? (
          <p lang={lang} className="mt-3 line-clamp-2 text-muted-foreground">
            {event.description}
          </p>
        ) : null}
        <div className="mt-auto pt-5">
          <ArrowLink
            to={href(`/events/${event.id}`)}
            className={buttonVariants({ className: "w-full sm:w-auto" })}
          >
            {t("common.viewDetails")}
            <span className="sr-only">
              {" "}
              {richT("common.viewDetailsFor", { title: inLang(event.title, lang) })}
            </span>
          </ArrowLink>
        </div>
      </div>
    </article>
  );
}
