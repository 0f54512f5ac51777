import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/utils";
import { PasswordInput } from "./password-input";
import { Input } from "./ui/input";
import { Label } from "./ui/label";
import { Textarea } from "./ui/textarea";

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

/**
 * Label, control, hint and error of one field; the control gets the ids that tie the hint and the
 * error to it for screen readers. For a control that is not a plain input (a select, a picker).
 */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  control,
}: FieldProps & { control: (aria: { "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {control({ "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Splits a field's own props (label, hint, error, class) from the ones its control receives. */
function splitField<Control>({ id, label, error, hint, className, ...control }: FieldProps & Control) {
  return { field: { id, label, error, hint, className }, control };
}

/** A labelled input whose error message is tied to it for screen readers. */
export function FormField(props: FieldProps & Omit<ComponentProps<"input">, "id">) {
  const { field, control } = splitField(props);
  return <Field {...field} control={(aria) => <Input id={field.id} {...aria} {...control} />} />;
}

/** The same for a multi-line text. */
export function TextareaField(props: FieldProps & Omit<ComponentProps<"textarea">, "id">) {
  const { field, control } = splitField(props);
  return <Field {...field} control={(aria) => <Textarea id={field.id} {...aria} {...control} />} />;
}

/** The same for a password, with the button that shows what was typed. */
export function PasswordField(props: FieldProps & Omit<ComponentProps<"input">, "id" | "type">) {
  const { field, control } = splitField(props);
  return <Field {...field} control={(aria) => <PasswordInput id={field.id} {...aria} {...control} />} />;
}
