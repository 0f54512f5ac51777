import { LoaderCircle } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Form } from "react-router";
import type { MemberOptions } from "~/content/member-options";
import { firstErrors } from "~/lib/action-result";
import { cn } from "~/lib/utils";
import { makeMemberSchema } from "~/schemas/member";
import { readMemberForm, type MemberDraft } from "~/schemas/member-fields";
import { ChildrenSection } from "./member-children-section";
import type { MemberFormState } from "./member-form-controls";
import { MinistrySection, PersonalSection, SpiritualSection } from "./member-form-sections";
import { Button } from "./ui/button";

/**
 * The member registration form, and (mode "edit") the edit form with church position and
 * membership status. Checked with the same schema as the server before it is sent; the
 * ministries and roles to choose from come from the screen's loader.
 */
export function MemberForm({
  mode,
  options,
  defaults = {},
  errors: serverErrors = {},
  isSubmitting,
}: {
  mode: "create" | "edit";
  options: MemberOptions;
  defaults?: MemberDraft;
  errors?: Record<string, string>;
  isSubmitting: boolean;
}) {
  const idPrefix = useId();
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const schema = useMemo(() => makeMemberSchema(options), [options]);
  const form: MemberFormState = {
    id: (name) => `${idPrefix}-${name}`,
    defaults,
    errors: { ...serverErrors, ...clientErrors },
  };

  return (
    <Form
      method="post"
      className="grid gap-6"
      noValidate
      onSubmit={(event) => {
        const parsed = schema.safeParse(readMemberForm(new FormData(event.currentTarget)));
        if (parsed.success) {
          setClientErrors({});
          return;
        }
        event.preventDefault();
        const found = firstErrors(parsed.error.issues);
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

      <PersonalSection form={form} />
      <ChildrenSection form={form} />
      <SpiritualSection form={form} mode={mode} />
      <MinistrySection form={form} options={options} />

      <div className={cn("flex justify-end")}>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
          {isSubmitting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {mode === "create" ? "Register Member" : "Save Changes"}
        </Button>
      </div>
    </Form>
  );
}
