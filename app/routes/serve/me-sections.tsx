import { CalendarPlus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { dateLongIn } from "~/lib/dates-in-language";
import { useLocale, useT } from "~/lib/i18n";
import { MAX_BLOCKOUT_REASON, MAX_DECLINE_REASON } from "~/schemas/serving";
import type { SeatView } from "~/server/rosters/roster-seats.server";
import type { BlockoutView, CalendarAddresses, PersonalPage } from "~/server/rosters/volunteer.server";
import { FieldError, SeatCard } from "./serve-pieces";

// The sections of a volunteer's own page (serve/me.tsx): their dates with what they can do with
// each, the days they are away, and their calendar link. Every button is a plain form post; every
// word is in the page's language (issue 39).

export interface Notice {
  tone: "ok" | "error";
  text: string;
}

export interface MeView {
  state: "open";
  page: PersonalPage;
  notice: Notice | null;
  /** Field errors: "from", "to", "reason" (a blockout), "reason-{seat}" (a decline). */
  errors: Record<string, string>;
  /** What was typed into the blockout form when it was refused. */
  values: { from: string; to: string; reason: string };
  /** The calendar link just made (shown once). */
  calendar: CalendarAddresses | null;
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <h2 id={id} className="font-serif text-2xl font-bold text-navy">
        {title}
      </h2>
      {children}
    </section>
  );
}

function SeatButton({
  seat,
  intent,
  children,
  variant = "outline",
}: {
  seat: SeatView;
  intent: string;
  children: ReactNode;
  variant?: "default" | "outline";
}) {
  return (
    <Form method="post" className="grid">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="seat" value={seat.id} />
      <Button type="submit" variant={variant} className="h-auto min-h-10 whitespace-normal text-center">
        {children}
      </Button>
    </Form>
  );
}

/** A seat's buttons: one under the other on a phone, side by side on a wider screen. */
function Buttons({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">{children}</div>;
}

function DeclineDetails({ seat, error }: { seat: SeatView; error?: string }) {
  const t = useT();
  const id = `reason-${seat.id}`;
  return (
    <details className="group rounded-md border border-border p-3" open={Boolean(error)}>
      <summary className="cursor-pointer font-semibold text-navy">{t("serve.me.declineDate")}</summary>
      <Form method="post" className="mt-3 grid gap-2">
        <input type="hidden" name="intent" value="decline" />
        <input type="hidden" name="seat" value={seat.id} />
        <Label htmlFor={id}>{t("serve.reasonOptional")}</Label>
        <Textarea
          id={id}
          name="reason"
          rows={2}
          maxLength={MAX_DECLINE_REASON}
          className="min-h-16"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <FieldError id={`${id}-error`} message={error} />
        <Button type="submit" variant="outline" className="justify-self-start">
          {t("serve.decline")}
        </Button>
      </Form>
    </details>
  );
}

function SeatActions({ seat, errors }: { seat: SeatView; errors: Record<string, string> }) {
  const t = useT();
  switch (seat.status) {
    case "pending":
      return (
        <div className="grid gap-3">
          <Buttons>
            <SeatButton seat={seat} intent="accept" variant="default">
              {t("serve.accept")}
            </SeatButton>
            <SeatButton seat={seat} intent="replace">
              {t("serve.me.replace")}
            </SeatButton>
          </Buttons>
          <DeclineDetails seat={seat} error={errors[`reason-${seat.id}`]} />
        </div>
      );
    case "accepted":
      return (
        <Buttons>
          <SeatButton seat={seat} intent="replace">
            {t("serve.me.replace")}
          </SeatButton>
        </Buttons>
      );
    case "declined":
      return (
        <Buttons>
          <SeatButton seat={seat} intent="accept">
            {t("serve.me.canAfterAll")}
          </SeatButton>
        </Buttons>
      );
    case "replacing":
      return (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">{t("serve.me.lookingFor")}</p>
          <Buttons>
            <SeatButton seat={seat} intent="accept">
              {t("serve.me.canAfterAll")}
            </SeatButton>
          </Buttons>
        </div>
      );
    default:
      return null;
  }
}

export function SeatsSection({ view }: { view: MeView }) {
  const t = useT();
  const { seats } = view.page;
  return (
    <Section title={t("serve.me.myDates")} id="dates-heading">
      {seats.length === 0 ? (
        <p className="text-muted-foreground">{t("serve.me.noDates")}</p>
      ) : (
        <ul className="grid gap-4">
          {seats.map((seat) => (
            <li key={seat.id}>
              <SeatCard seat={seat}>
                <SeatActions seat={seat} errors={view.errors} />
              </SeatCard>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function BlockoutsSection({ view }: { view: MeView }) {
  const t = useT();
  const locale = useLocale();
  // The server writes the days in English; another language writes them again from the dates.
  const whenOf = (blockout: BlockoutView) =>
    locale === "en"
      ? blockout.when
      : blockout.startsOn === blockout.endsOn
        ? dateLongIn(locale, blockout.startsOn)
        : t("serve.me.blockoutRange", {
            from: dateLongIn(locale, blockout.startsOn),
            to: dateLongIn(locale, blockout.endsOn),
          });
  const { blockouts, today } = view.page;
  const { errors, values } = view;
  const invalid = (name: string) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {};
  return (
    <Section title={t("serve.me.away")} id="away-heading">
      <p className="text-muted-foreground">{t("serve.me.awayIntro")}</p>
      {blockouts.length === 0 ? (
        <p className="text-muted-foreground">{t("serve.me.noAway")}</p>
      ) : (
        <ul className="grid gap-2" data-testid="blockouts">
          {blockouts.map((blockout) => (
            <li
              key={blockout.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3"
            >
              <div className="min-w-0">
                <p className="font-medium [overflow-wrap:anywhere]">{whenOf(blockout)}</p>
                {blockout.reason ? (
                  <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{blockout.reason}</p>
                ) : null}
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-blockout" />
                <input type="hidden" name="blockout" value={blockout.id} />
                <Button
                  type="submit"
                  variant="ghost"
                  size="sm"
                  aria-label={t("serve.me.removeLabel", { when: whenOf(blockout) })}
                >
                  <Trash2 aria-hidden="true" />
                  {t("serve.me.remove")}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="grid gap-3 rounded-xl border border-border bg-muted/40 p-4 sm:p-5">
        <input type="hidden" name="intent" value="add-blockout" />
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="from">{t("serve.me.firstDay")}</Label>
            <Input
              id="from"
              name="from"
              type="date"
              min={today}
              defaultValue={values.from}
              required
              {...invalid("from")}
            />
            <FieldError id="from-error" message={errors.from} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="to">{t("serve.me.lastDay")}</Label>
            <Input id="to" name="to" type="date" min={today} defaultValue={values.to} {...invalid("to")} />
            <FieldError id="to-error" message={errors.to} />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="away-reason">{t("serve.reasonOptional")}</Label>
          <Input
            id="away-reason"
            name="reason"
            maxLength={MAX_BLOCKOUT_REASON}
            defaultValue={values.reason}
            {...invalid("reason")}
          />
          <FieldError id="reason-error" message={errors.reason} />
        </div>
        <Button type="submit" className="justify-self-start">
          {t("serve.me.addDays")}
        </Button>
      </Form>
    </Section>
  );
}

export function CalendarSection({ view }: { view: MeView }) {
  const t = useT();
  const { calendar } = view;
  return (
    <Section title={t("serve.me.calendarTitle")} id="calendar-heading">
      <p className="text-muted-foreground">{t("serve.me.calendarIntro")}</p>
      {calendar ? (
        <div className="grid gap-3 rounded-xl border border-border p-4" data-testid="calendar-links">
          <a href={calendar.webcal} className="font-semibold text-primary underline-offset-4 hover:underline">
            {t("serve.me.subscribe")}
          </a>
          <div className="grid gap-1">
            <Label htmlFor="calendar-https">{t("serve.me.calendarHttps")}</Label>
            <Input id="calendar-https" readOnly value={calendar.https} className="font-mono text-xs" />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="calendar-webcal">{t("serve.me.calendarWebcal")}</Label>
            <Input id="calendar-webcal" readOnly value={calendar.webcal} className="font-mono text-xs" />
          </div>
        </div>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="calendar" />
        <Button type="submit" variant="outline">
          <CalendarPlus aria-hidden="true" />
          {calendar ? t("serve.me.anotherCalendar") : t("serve.me.makeCalendar")}
        </Button>
      </Form>
    </Section>
  );
}
