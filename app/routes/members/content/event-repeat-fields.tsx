import { useState } from "react";
import { Field, FormField } from "~/components/form-field";
import { NativeSelect } from "~/components/ui/select";
import { isIsoDate } from "~/lib/dates";
import {
  describeRepeat,
  FREQUENCIES,
  isFrequency,
  openRepeatSummary,
  repeatSummary,
  type Frequency,
} from "~/lib/recurrence";

// The events form's fields for repeating events: how a new event repeats, and which dates an
// edit of one date of a series reaches.

/** The choices of the Repeats field, in words that follow the chosen date. */
function repeatChoices(date: string): { value: "none" | Frequency; label: string }[] {
  const generic: Record<Frequency, string> = {
    weekly: "Every week",
    "monthly-date": "Every month on the same date",
    "monthly-weekday": "Every month on the same weekday (e.g. the first Saturday)",
  };
  return [
    { value: "none", label: "Does not repeat" },
    ...FREQUENCIES.map((frequency) => ({
      value: frequency,
      label: isIsoDate(date) ? describeRepeat(frequency, date) : generic[frequency],
    })),
  ];
}

/**
 * A new event's repetition: how often, and the last date or none (each date becomes an event of
 * its own, with its own registrations), with what it will make written out as the choices change.
 */
export function RepeatFields({ date, errors }: { date: string; errors: Record<string, string> }) {
  const [repeat, setRepeat] = useState<string>("none");
  const [until, setUntil] = useState("");
  const [hasNoEnd, setHasNoEnd] = useState(false);
  const frequency = isFrequency(repeat) ? repeat : null;
  const preview =
    frequency && isIsoDate(date)
      ? hasNoEnd
        ? openRepeatSummary(frequency, date)
        : isIsoDate(until) && until > date
          ? repeatSummary(frequency, date, until)
          : null
      : null;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field
        id="repeat"
        label="Repeats"
        error={errors.repeat}
        hint="Each date gets its own page, registrations and check-in."
        control={(aria) => (
          <NativeSelect
            id="repeat"
            name="repeat"
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
            {...aria}
          >
            {repeatChoices(date).map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </NativeSelect>
        )}
      />
      {frequency ? (
        <div className="grid content-start gap-2">
          {hasNoEnd ? (
            <p aria-live="polite" className="text-sm text-muted-foreground sm:pt-7">
              {preview ?? "Dates are kept a year ahead, a new one added each day."}
            </p>
          ) : (
            <FormField
              id="repeatUntil"
              name="repeatUntil"
              label="Last Date *"
              type="date"
              required
              value={until}
              onChange={(event) => setUntil(event.target.value)}
              hint={<span aria-live="polite">{preview ?? "Up to two years after the first date."}</span>}
              error={errors.repeatUntil}
            />
          )}
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              name="repeatNoEnd"
              checked={hasNoEnd}
              onChange={(event) => setHasNoEnd(event.target.checked)}
              className="size-4 accent-primary"
            />
            No end date
          </label>
        </div>
      ) : null}
    </div>
  );
}

/** Editing a date of a repeating event: that date alone, or it and every later one. */
export function ApplyToChoice({ repeats }: { repeats: string | null }) {
  return (
    <fieldset className="grid gap-2 rounded-md border border-border bg-muted/50 p-4">
      <legend className="px-1 text-sm font-medium">
        This is one date of a repeating event{repeats ? ` (${repeats})` : ""}. Save the changes for:
      </legend>
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input type="radio" name="applyTo" value="this" defaultChecked className="size-4 accent-primary" />
        This date only
      </label>
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input type="radio" name="applyTo" value="following" className="size-4 accent-primary" />
        This and every later date (each keeps its own date)
      </label>
    </fieldset>
  );
}
