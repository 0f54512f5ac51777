import type { ReactNode } from "react";
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
  return (
    <fieldset className="rounded-xl border border-border bg-background p-5 shadow-sm sm:p-6">
      <legend className="px-2 text-lg font-semibold text-navy">Consent</legend>
      <div className="mt-2 grid gap-4 text-sm">
        <div>
          <ConsentBox
            form={form}
            name="consentRegistry"
            checked={defaults?.registry ?? false}
            errorId={error ? form.id("consentRegistry-error") : undefined}
          >
            {texts.registry} *
          </ConsentBox>
          {error ? (
            <p id={form.id("consentRegistry-error")} className="mt-2 pl-8 text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </div>
        <ConsentBox form={form} name="consentEmail" checked={defaults?.email ?? false}>
          {texts.email}
        </ConsentBox>
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

/** One consent's checkbox with its text; `errorId` names the message of a box that must be ticked. */
function ConsentBox({
  form,
  name,
  checked,
  errorId,
  children,
}: {
  form: MemberFormState;
  name: string;
  checked: boolean;
  errorId?: string;
  children: ReactNode;
}) {
  return (
    <label htmlFor={form.id(name)} className="flex items-start gap-3">
      <input
        id={form.id(name)}
        name={name}
        type="checkbox"
        defaultChecked={checked}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className="mt-0.5 size-5 shrink-0 rounded border-input accent-primary"
      />
      <span>{children}</span>
    </label>
  );
}
