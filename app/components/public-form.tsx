import type { ReactNode } from "react";
import { useActionData } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { useLocale, useLocalePath, useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import { useOptionalSiteFrame } from "~/lib/site-frame";
import { HONEYPOT_FIELD } from "~/schemas/public-forms";
import { Button } from "./ui/button";

export interface PublicFormState {
  /** One message per field that needs fixing. */
  errors: Record<string, string>;
  /** What the visitor typed, put back after a refusal. */
  values: Record<string, string>;
}

/**
 * A public form (join, register, connect): an ordinary form that the browser sends, and the page
 * that answers shows the outcome above the fields, with each field's message and what was typed
 * kept after a refusal (ADR 013). On a page with the forms script it is sent in the background
 * from the same markup: `data-public-form` names it, and the answer's `data-result` paragraph
 * becomes the toast.
 */
export function PublicForm({
  name,
  action,
  submitLabel,
  className,
  askEmailConsent = false,
  privacyLang,
  children,
}: {
  /** Which form this is, unique on its page: the forms script finds the answer's copy by it. */
  name: string;
  action: string;
  submitLabel: string;
  className?: string;
  /** Ask apart whether the person wants the church's e-mails (ministry and event forms). */
  askEmailConsent?: boolean;
  /** "en" on a page in another language while the privacy texts stand in English (sectionLang). */
  privacyLang?: "en";
  children: (state: PublicFormState) => ReactNode;
}) {
  const t = useT();
  const locale = useLocale();
  const href = useLocalePath();
  const privacy = useOptionalSiteFrame()?.privacy;
  const result = useActionData() as ActionResult | undefined;
  const state: PublicFormState = {
    errors: result && !result.ok ? (result.fieldErrors ?? {}) : {},
    values: result && !result.ok ? (result.values ?? {}) : {},
  };
  return (
    <form
      method="post"
      action={action}
      data-public-form={name}
      // The form script's "Submitting..." in the page's language (English pages need none).
      data-busy-label={locale === "en" ? undefined : t("frame.submitting")}
      className={cn("grid gap-4", className)}
    >
      <FormResultNotice />
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          {t("forms.leaveEmpty")}
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {children(state)}
      {askEmailConsent && privacy ? (
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="emailConsent"
            defaultChecked={state.values.emailConsent === "on"}
            className="mt-0.5 size-5 shrink-0 rounded border-input accent-primary"
          />
          <span lang={privacyLang}>{privacy.emailConsent}</span>
        </label>
      ) : null}
      <Button type="submit" size="lg">
        {submitLabel}
      </Button>
      {privacy ? (
        <p className="text-xs text-muted-foreground">
          {privacyLang ? <span lang={privacyLang}>{privacy.formNotice}</span> : privacy.formNotice}{" "}
          <a href={href("/privacy")} className="text-primary underline underline-offset-2">
            {t("forms.privacyNotice")}
          </a>
        </p>
      ) : null}
    </form>
  );
}

/**
 * The outcome of the form the page answers, in words (the toast's title and text): shown above
 * the fields, or where the page has no form any more (the event was removed meanwhile). The forms
 * script reads it from `data-result` to show the toast.
 */
export function FormResultNotice({ className }: { className?: string }) {
  const result = useActionData() as ActionResult | undefined;
  if (!result?.toast) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      data-result={result.ok ? "ok" : "refused"}
      data-title={result.toast.title}
      data-description={result.toast.description}
      className={cn(
        "rounded-md px-3 py-2 text-sm",
        result.ok ? "bg-success/10 text-success" : "bg-destructive/10 text-destructive",
        className,
      )}
    >
      <strong>{result.toast.title}</strong> {result.toast.description}
    </p>
  );
}
