import { ArrowLeft } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { PageFormDialog } from "~/components/page-dialog";
import { EmailField, MobileField, NameField } from "~/components/contact-fields";
import { TextareaField } from "~/components/form-field";
import { EventJsonLd } from "~/components/json-ld";
import { PageHeader } from "~/components/page-header";
import { PublicForm } from "~/components/public-form";
import { buttonVariants } from "~/components/ui/button";
import { dateLongIn } from "~/lib/dates-in-language";
import { formatTimeRange } from "~/lib/format";
import { useLocale, useLocalePath, useT } from "~/lib/i18n";
import { useSiteFrame } from "~/lib/site-frame";
import { LIMITS } from "~/schemas/public-forms";
import { EventPicture } from "~/components/event-card";
import { ShareLinks } from "~/components/share-links";
import { EventFacts } from "./detail-facts";
import { AddToCalendar, LaterDates } from "./detail-links";
import { REGISTER_PARAM, type ShownEvent } from "./detail-model";

export function BackLink({ className }: { className?: string }) {
  const t = useT();
  const href = useLocalePath();
  return (
    <Link to={href("/events")} className={buttonVariants({ variant: "outline", className })}>
      <ArrowLeft aria-hidden="true" />
      {t("events.back")}
    </Link>
  );
}

export function EventDetails({
  event,
  isPast,
  isClosed,
  privacyLang,
}: {
  event: ShownEvent;
  isPast: boolean;
  isClosed: boolean;
  /** "en" while the privacy texts stand in English on a Filipino page. */
  privacyLang?: "en";
}) {
  const { church } = useSiteFrame();
  const [searchParams] = useSearchParams();
  const t = useT();
  const href = useLocalePath();
  const date = dateLongIn(useLocale(), event.eventDate);
  const time = formatTimeRange(event.eventTime, event.eventEndTime);

  return (
    <>
      <EventJsonLd event={event} church={church} />
      <PageHeader
        eyebrow={t("events.eyebrow")}
        title={event.title}
        titleLang={event.textLang}
        description={date}
      />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <BackLink />
        {/* Phone: picture, the facts with the button, then the description. Desktop: facts beside both. */}
        <div className="mt-8 grid items-start gap-8 lg:grid-cols-5 lg:gap-x-12">
          <EventPicture
            src={event.imageSrc}
            focusX={event.imageFocusX}
            focusY={event.imageFocusY}
            // Full width on phones; three fifths of the 1280 px page from 1024 px.
            sizes="(min-width: 1280px) 710px, (min-width: 1024px) 56vw, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)"
            priority
            className="aspect-video w-full rounded-xl border border-border bg-muted object-cover shadow-sm lg:col-span-3"
          />

          <EventFacts event={event} date={date} isPast={isPast} isClosed={isClosed} />

          {event.description ? (
            <section aria-labelledby="about-event" className="lg:col-span-3">
              <h2 id="about-event" className="text-2xl font-bold text-navy">
                {t("events.aboutThis")}
              </h2>
              <p
                className="mt-3 whitespace-pre-line text-lg leading-relaxed text-muted-foreground"
                lang={event.aboutLang}
              >
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
              text={t("events.shareText", { title: event.title, date, time, place: event.locationName })}
            />
          </div>
        </div>
      </div>

      {isPast || isClosed ? null : (
        <PageFormDialog
          param={REGISTER_PARAM}
          inline={searchParams.has(REGISTER_PARAM)}
          title={t("events.register")}
          description={`${event.title}, ${date}. ${t("events.registerDescription")}`}
        >
          <PublicForm
            name="event-registration"
            askEmailConsent
            action={href(`/events/${event.id}?${REGISTER_PARAM}`)}
            submitLabel={t("events.submit")}
            privacyLang={privacyLang}
          >
            {(state) => (
              <>
                <NameField id="name" state={state} />
                <EmailField id="email" state={state} />
                <MobileField id="mobile" state={state} />
                <TextareaField
                  id="message"
                  name="message"
                  label={t("forms.messageOptional")}
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
