import { Link } from "react-router";
import type { MemberFormState } from "./member-form-controls";

/** The consent texts the registration form shows, from the privacy notice's current version. */
export interface ConsentTexts {
  registry: string;
  email: string;
}

export const REGISTRY_CONSENT_REQUIRED =
  "Please tick the box to agree: the church can keep a member's details only with their consent.";

/** True when a registration form's data carries the consent to the registry. */
export function hasRegistryConsent(form: FormData): boolean {
  return form.get("consentRegistry") === "on";
}

/**
 * The registration form's consents (issue 23): both boxes start unticked; the registry one is
 * required (it covers the children's details too, given by the parent), the e-mails one is not.
 */
export function ConsentSection({
  form,
  texts,
  defaults,
}: {
  form: MemberFormState;
  texts: ConsentTexts;
  defaults?: { registry: boolean; email: boolean };
}) {
  const error = form.errors.consentRegistry;
  const box = "mt-0.5 size-5 shrink-0 rounded border-input accent-primary";
  return (
    <fieldset className="rounded-xl border border-border bg-background p-5 shadow-sm sm:p-6">
      <legend className="px-2 text-lg font-semibold text-navy">Consent</legend>
      <div className="mt-2 grid gap-4 text-sm">
        <div>
          <label htmlFor={form.id("consentRegistry")} className="flex items-start gap-3">
            <input
              id={form.id("consentRegistry")}
              name="consentRegistry"
              type="checkbox"
              defaultChecked={defaults?.registry ?? false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? form.id("consentRegistry-error") : undefined}
              className={box}
            />
            <span>{texts.registry} *</span>
          </label>
          {error ? (
            <p id={form.id("consentRegistry-error")} className="mt-2 pl-8 text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        <label htmlFor={form.id("consentEmail")} className="flex items-start gap-3">
          <input
            id={form.id("consentEmail")}
            name="consentEmail"
            type="checkbox"
            defaultChecked={defaults?.email ?? false}
            className={box}
          />
          <span>{texts.email}</span>
        </label>
        <p className="text-muted-foreground">
          Read the{" "}
          <Link to="/privacy" reloadDocument className="text-primary underline" target="_blank">
            privacy notice (opens in a new tab)
          </Link>
          . Consent can be withdrawn at any time by asking the church office.
        </p>
      </div>
    </fieldset>
  );
}
