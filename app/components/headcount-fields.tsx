import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { COUNT_FIELDS, COUNT_LABELS, MAX_COUNT, type CountField } from "~/schemas/headcount";

// The four counts of a headcount (issue 37), as the staff screen and the usher's page ask them:
// number fields a phone opens with its number pad, two a row on a phone, four on a wide screen.

export function HeadcountFields({
  idPrefix,
  values,
  error,
  labels = COUNT_LABELS,
}: {
  idPrefix: string;
  values: Partial<Record<CountField, number | string>>;
  /** The message of the field the last save was refused on. */
  error?: { field: string; message: string } | null;
  /** The counts' labels in the page's language (the usher's page, issue 39); English by default. */
  labels?: Record<CountField, string>;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      {COUNT_FIELDS.map((field) => {
        const id = `${idPrefix}-${field}`;
        const wrong = error?.field === field;
        return (
          <div key={field} className="grid min-w-0 gap-1">
            <Label htmlFor={id}>{labels[field]}</Label>
            <Input
              id={id}
              name={field}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_COUNT}
              step={1}
              defaultValue={values[field] ?? ""}
              placeholder="0"
              aria-invalid={wrong || undefined}
              aria-describedby={wrong ? `${id}-error` : undefined}
              data-testid={`count-${field}`}
            />
            {wrong ? (
              <p id={`${id}-error`} className="text-sm text-destructive">
                {error.message}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
