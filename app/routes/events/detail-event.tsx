import { ArrowLeft } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { PageFormDialog } from "~/components/page-dialog";
import { EmailField, MobileField, NameField } from "~/components/contact-fields";
import { TextareaField } from "~/components/form-field";
import { EventJsonLd } from "~/components/json-ld";
import { PageHeader } from "~/components/page-header";
import { PublicForm } from "~/components/public-form";
import { buttonVariants } from "~/components/ui/button";
import { formatDateLong, formatTimeRange } from "~/lib/format";
import { useSiteFrame } from "~/lib/site-frame";
import { LIMITS } from "~/schemas/public-forms";
import { EventPicture } from "~/components/event-card";
import { ShareLinks } from "~/components/share-links";
import { EventFacts } from "./detail-facts";
import { AddToCalendar, LaterDates } from "./detail-links";
import { REGISTER_PARAM, texts, type ShownEvent } from "./detail-model";

export function BackLink({ className }: { className?: string }) {
  return (
    <Link to="/events" className={buttonVariants({ variant: "outline", className })}>
      <ArrowLeft aria-hidden="true" />
      {texts.back}
    </Link>
  );
}

export function EventDetails({
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
