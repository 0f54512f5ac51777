import { CalendarPlus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { MAX_BLOCKOUT_REASON, MAX_DECLINE_REASON } from "~/schemas/serving";
import type { SeatView } from "~/server/rosters/roster-seats.server";
import type { CalendarAddresses, PersonalPage } from "~/server/rosters/volunteer.server";
import { FieldError, SeatCard } from "./serve-pieces";

// The sections of a volunteer's own page (serve/me.tsx): their dates with what they can do with
// each, the days they are away, and their calendar link. Every button is a plain form post.

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
  const id = `reason-${seat.id}`;
  return (
    <details className="group rounded-md border border-border p-3" open={Boolean(error)}>
      <summary className="cursor-pointer font-semibold text-navy">Decline this date</summary>
      <Form method="post" className="mt-3 grid gap-2">
        <input type="hidden" name="intent" value="decline" />
        <input type="hidden" name="seat" value={seat.id} />
        <Label htmlFor={id}>Reason (optional)</Label>
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
          Decline
        </Button>
      </Form>
    </details>
  );
}

function SeatActions({ seat, errors }: { seat: SeatView; errors: Record<string, string> }) {
  switch (seat.status) {
    case "pending":
      return (
        <div className="grid gap-3">
          <Buttons>
            <SeatButton seat={seat} intent="accept" variant="default">
              Accept
            </SeatButton>
            <SeatButton seat={seat} intent="replace">
              I can&apos;t make it, find me a replacement
            </SeatButton>
          </Buttons>
          <DeclineDetails seat={seat} error={errors[`reason-${seat.id}`]} />
        </div>
      );
    case "accepted":
      return (
        <Buttons>
          <SeatButton seat={seat} intent="replace">
            I can&apos;t make it, find me a replacement
          </SeatButton>
        </Buttons>
      );
    case "declined":
      return (
        <Buttons>
          <SeatButton seat={seat} intent="accept">
            I can serve after all
          </SeatButton>
        </Buttons>
      );
    case "replacing":
      return (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">
            We are looking for someone to take your place. The date stays yours until someone does.
          </p>
          <Buttons>
            <SeatButton seat={seat} intent="accept">
              I can serve after all
            </SeatButton>
          </Buttons>
        </div>
      );
    default:
      return null;
  }
}

export function SeatsSection({ view }: { view: MeView }) {
  const { seats } = view.page;
  return (
    <Section title="My dates" id="dates-heading">
      {seats.length === 0 ? (
        <p className="text-muted-foreground">You have no dates coming up.</p>
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
  const { blockouts, today } = view.page;
  const { errors, values } = view;
  const invalid = (name: string) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {};
  return (
    <Section title="Days I am away" id="away-heading">
      <p className="text-muted-foreground">Your team&apos;s heads will not ask you to serve on these days.</p>
      {blockouts.length === 0 ? (
        <p className="text-muted-foreground">No days away listed.</p>
      ) : (
        <ul className="grid gap-2" data-testid="blockouts">
          {blockouts.map((blockout) => (
            <li
              key={blockout.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3"
            >
              <div className="min-w-0">
                <p className="font-medium [overflow-wrap:anywhere]">{blockout.when}</p>
                {blockout.reason ? (
                  <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{blockout.reason}</p>
                ) : null}
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-blockout" />
                <input type="hidden" name="blockout" value={blockout.id} />
                <Button type="submit" variant="ghost" size="sm" aria-label={`Remove ${blockout.when}`}>
                  <Trash2 aria-hidden="true" />
                  Remove
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
            <Label htmlFor="from">First day away</Label>
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
            <Label htmlFor="to">Last day away</Label>
            <Input id="to" name="to" type="date" min={today} defaultValue={values.to} {...invalid("to")} />
            <FieldError id="to-error" message={errors.to} />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="away-reason">Reason (optional)</Label>
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
          Add these days
        </Button>
      </Form>
    </Section>
  );
}

export function CalendarSection({ view }: { view: MeView }) {
  const { calendar } = view;
  return (
    <Section title="Add to my calendar" id="calendar-heading">
      <p className="text-muted-foreground">
        A link your phone or computer calendar can subscribe to: the dates you serve appear there and stay up
        to date. Making a new link stops the one before.
      </p>
      {calendar ? (
        <div className="grid gap-3 rounded-xl border border-border p-4" data-testid="calendar-links">
          <a href={calendar.webcal} className="font-semibold text-primary underline-offset-4 hover:underline">
            Subscribe in my calendar app
          </a>
          <div className="grid gap-1">
            <Label htmlFor="calendar-https">
              Calendar address (to paste into Google Calendar or Outlook)
            </Label>
            <Input id="calendar-https" readOnly value={calendar.https} className="font-mono text-xs" />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="calendar-webcal">Subscription address</Label>
            <Input id="calendar-webcal" readOnly value={calendar.webcal} className="font-mono text-xs" />
          </div>
        </div>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="calendar" />
        <Button type="submit" variant="outline">
          <CalendarPlus aria-hidden="true" />
          {calendar ? "Make another calendar link" : "Make my calendar link"}
        </Button>
      </Form>
    </Section>
  );
}
