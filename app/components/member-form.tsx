import { LoaderCircle } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Form } from "react-router";
import type { MemberOptions } from "~/content/member-options";
import { firstErrors } from "~/lib/action-result";
import { FORM_TOKEN_FIELD } from "~/lib/form-token";
import type { PossibleDuplicate } from "~/lib/member-duplicates";
import { cn } from "~/lib/utils";
import { makeMemberSchema } from "~/schemas/member";
import { readMemberForm, type MemberDraft } from "~/schemas/member-fields";
import { ChildrenSection } from "./member-children-section";
import {
  ConsentSection,
  REGISTRY_CONSENT_REQUIRED,
  hasRegistryConsent,
  type ConsentTexts,
} from "./member-consent-section";
import { PossibleDuplicates } from "./member-form-duplicates";
import type { MemberFormState } from "./member-form-controls";
import { MinistrySection, PersonalSection, SpiritualSection } from "./member-form-sections";
import { Button } from "./ui/button";

/**
 * The member registration form, and (mode "edit") the edit form with church position and
 * membership status. Checked with the same schema as the server before it is sent; the
 * ministries and roles to choose from come from the screen's loader. A registration form carries
 * its one-time `formToken`, so a second post of it saves nothing new.
 */
export function MemberForm({
  mode,
  options,
  defaults = {},
  errors: serverErrors = {},
  isSubmitting,
  formToken,
  duplicates,
  duplicatesAt,
  focusFirstField = false,
  consent,
}: {
  mode: "create" | "edit";
  options: MemberOptions;
  defaults?: MemberDraft;
  errors?: Record<string, string>;
  isSubmitting: boolean;
  formToken?: string;
  /** Live members that look like this one: the save waits for "Save anyway". */
  duplicates?: PossibleDuplicate[] | null;
  /** When the duplicates were found, so a new answer shows (and focuses) them again. */
  duplicatesAt?: number;
  /** Puts the cursor in the first field when the form appears (a fresh form after a registration). */
  focusFirstField?: boolean;
  /** The registration form's consent boxes (issue 23), with what was ticked when it comes back. */
  consent?: { texts: ConsentTexts; defaults?: { registry: boolean; email: boolean } };
}) {
  const idPrefix = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!focusFirstField) return;
    const first = formRef.current?.elements.namedItem("firstName");
    if (first instanceof HTMLElement) first.focus();
    // Only when the form appears: a fresh form is a new component (its key changes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const schema = useMemo(() => makeMemberSchema(options), [options]);
  const form: MemberFormState = {
    id: (name) => `${idPrefix}-${name}`,
    defaults,
    errors: { ...serverErrors, ...clientErrors },
  };

  return (
    <Form
      ref={formRef}
      method="post"
      className="grid gap-6"
      noValidate
      onSubmit={(event) => {
        const data = new FormData(event.currentTarget);
        const parsed = schema.safeParse(readMemberForm(data));
        const consentMissing = consent !== undefined && !hasRegistryConsent(data);
        if (parsed.success && !consentMissing) {
          setClientErrors({});
          return;
        }
        event.preventDefault();
        const found = {
          ...(parsed.success ? {} : firstErrors(parsed.error.issues)),
          ...(consentMissing ? { consentRegistry: REGISTRY_CONSENT_REQUIRED } : {}),
        };
        setClientErrors(found);
        const first = Object.keys(found)[0];
        const field = first ? event.currentTarget.elements.namedItem(first) : null;
        if (field instanceof HTMLElement) field.focus();
      }}
    >
      {Object.keys(form.errors).length > 0 ? (
        <div
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive"
        >
          Please correct the highlighted fields: {Object.values(form.errors).join(" ")}
        </div>
      ) : null}

      {formToken ? <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} /> : null}
      <PersonalSection form={form} />
      <ChildrenSection form={form} />
      <SpiritualSection form={form} mode={mode} />
      <MinistrySection form={form} options={options} />
      {consent ? <ConsentSection form={form} texts={consent.texts} defaults={consent.defaults} /> : null}

      {duplicates && duplicates.length > 0 ? (
        <PossibleDuplicates
          key={duplicatesAt}
          duplicates={duplicates}
          mode={mode}
          isSubmitting={isSubmitting}
        />
      ) : null}

      <div className={cn("flex justify-end")}>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {mode === "create" ? "Register Member" : "Save Changes"}
        </Button>
      </div>
    </Form>
  );
}
