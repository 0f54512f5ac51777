import { FOCUS_CHOICES, type FocusChoice } from "~/lib/image-focus";
import { cn } from "~/lib/utils";

/**
 * Where a picture's focus is, for the places that crop it to their own shape: found in the picture
 * (the default), or one of nine positions on a 3x3 grid. Plain radio buttons: it works without
 * scripts and by keyboard (arrow keys move between the positions).
 */
export function FocusField({
  name,
  defaultValue,
  error,
}: {
  name: string;
  defaultValue: FocusChoice | "auto";
  error?: string;
}) {
  const hintId = `${name}-hint`;
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="grid gap-3"
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      data-testid="focus-field"
    >
      <legend className="text-sm font-medium">Picture Focus</legend>
      <p id={hintId} className="-mt-1 text-sm text-muted-foreground">
        The part of the picture that stays in view where a page shows it in another shape (a tall photo in a
        wide card).
      </p>
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input
          type="radio"
          name={name}
          value="auto"
          defaultChecked={defaultValue === "auto"}
          className="size-4 accent-primary"
        />
        Automatic: where the faces and detail are
      </label>
      <div className="grid max-w-xs grid-cols-3 gap-1 rounded-md border border-border bg-muted/50 p-1">
        {FOCUS_CHOICES.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              "flex min-h-11 cursor-pointer flex-col items-center justify-center gap-1 rounded px-1 py-1.5 text-center text-xs",
              "hover:bg-background has-[:checked]:bg-background has-[:checked]:font-semibold has-[:checked]:shadow-sm",
              "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              defaultChecked={defaultValue === choice.value}
              className="size-4 accent-primary"
            />
            {choice.label}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
