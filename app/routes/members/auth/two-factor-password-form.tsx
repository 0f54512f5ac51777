import { Form } from "react-router";
import { PasswordField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { useIsSubmitting } from "~/lib/use-is-submitting";

/** A form that asks for one's own password before it does what `intent` says. */
export function PasswordForm({
  intent,
  fieldId = `${intent}-password`,
  submitLabel,
  busyLabel = "Working...",
  destructive = false,
  error,
}: {
  intent: string;
  fieldId?: string;
  submitLabel: string;
  busyLabel?: string;
  destructive?: boolean;
  error?: string;
}) {
  const busy = useIsSubmitting(intent);
  return (
    <Form method="post" className="grid max-w-sm gap-4">
      <input type="hidden" name="intent" value={intent} />
      <PasswordField
        id={fieldId}
        name="password"
        label="Your password"
        autoComplete="current-password"
        required
        error={error}
      />
      <div>
        <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
