import { LoaderCircle } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useActionData, useFetcher } from "react-router";
import type { z } from "zod";
import { firstErrors, type ActionResult } from "~/lib/action-result";
import { showToast } from "~/lib/toast";
import { cn } from "~/lib/utils";
import { HONEYPOT_FIELD } from "~/schemas/public-forms";
import { Button } from "./ui/button";

export interface PublicFormState {
  /** One message per field that needs fixing. */
  errors: Record<string, string>;
  /** What the visitor typed, to put back after a refusal when the page reloaded (no JavaScript). */
  values: Record<string, string>;
}

/**
 * A public form (join, register, connect). With JavaScript it submits in the background: the
 * button says 'Submitting...', success clears the form and shows the toast, failure keeps every
 * field and shows the reason. Without JavaScript it is an ordinary form and the page shows the
 * outcome above the fields.
 */
export function PublicForm<Schema extends z.ZodType>({
  action,
  schema,
  submitLabel,
  onSuccess,
  className,
  children,
}: {
  action: string;
  schema: Schema;
  submitLabel: string;
  onSuccess?: () => void;
  className?: string;
  children: (state: PublicFormState) => ReactNode;
}) {
  const fetcher = useFetcher<ActionResult>();
  const pageResult = useActionData() as ActionResult | undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const isSubmitting = fetcher.state !== "idle";

  useEffect(() => {
    const result = fetcher.data;
    if (!result) return;
    showToast({ ...result.toast, id: `form-${result.at}` });
    if (result.ok) {
      formRef.current?.reset();
      onSuccess?.();
    }
    // onSuccess is a fresh closure each render; the result alone decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);

  const serverResult = fetcher.data ?? pageResult;
  const state: PublicFormState = {
    errors: { ...(serverResult && !serverResult.ok ? serverResult.fieldErrors : {}), ...clientErrors },
    values: serverResult && !serverResult.ok && !fetcher.data ? (serverResult.values ?? {}) : {},
  };

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      className={cn("grid gap-4", className)}
      onSubmit={(event) => {
        // The same schema as the server: mistakes are shown at once, without a round trip.
        const values = Object.fromEntries(new FormData(event.currentTarget));
        delete values[HONEYPOT_FIELD];
        const parsed = schema.safeParse(values);
        if (parsed.success) {
          setClientErrors({});
          return;
        }
        event.preventDefault();
        const errors = firstErrors(parsed.error.issues);
        setClientErrors(errors);
        const first = Object.keys(errors)[0];
        if (first) (event.currentTarget.elements.namedItem(first) as HTMLElement | null)?.focus();
      }}
    >
      {pageResult && !fetcher.data ? (
        <p
          role={pageResult.ok ? "status" : "alert"}
          className={cn(
            "rounded-md px-3 py-2 text-sm",
            pageResult.ok ? "bg-success/10 text-success" : "bg-destructive/10 text-destructive",
          )}
        >
          <strong>{pageResult.toast.title}</strong> {pageResult.toast.description}
        </p>
      ) : null}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Leave this empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {children(state)}
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        {isSubmitting ? "Submitting..." : submitLabel}
      </Button>
    </fetcher.Form>
  );
}
