import type { ComponentProps } from "react";
import { Form } from "react-router";
import { Field, FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { COUNTRY_CODES, GENDERS } from "~/content/member-options";
import { useT, type MessageKey, type Translate } from "~/lib/i18n";
import { CHILD_INPUTS, MEMBER_FIELDS, type MemberChild } from "~/schemas/member-fields";
import { Notice, Section } from "./update-form-section";
import type { OpenView } from "./update-form-view";

// The form of the update-form page that sends the member's changes for review, in the page's
// language (issue 39).

/** A child's field label that says, to a screen reader, which child it is for. */
function childFieldLabel(t: Translate, field: string, child: string) {
  return (
    <>
      {field}
      <span className="sr-only"> {t("update.child.of", { child })}</span>
    </>
  );
}

const GENDER_WORDS: Record<string, MessageKey> = {
  Male: "update.gender.male",
  Female: "update.gender.female",
};

function ChildRow({ index, child, isNew }: { index: number; child: Partial<MemberChild>; isNew: boolean }) {
  const t = useT();
  const label = isNew ? t("update.child.new") : t("update.child.number", { number: index + 1 });
  return (
    <li className="grid gap-3 rounded-lg border border-border p-3 sm:p-4" data-testid="own-child-row">
      <p className="text-sm font-semibold text-navy">
        {isNew ? t("update.child.add") : (child.name ?? label)}
      </p>
      <FormField
        id={`child-${index}-name`}
        name={CHILD_INPUTS.name}
        label={childFieldLabel(t, t("update.child.name"), label)}
        maxLength={MEMBER_FIELDS.children.nameMax}
        defaultValue={child.name ?? ""}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          id={`child-${index}-birthday`}
          name={CHILD_INPUTS.birthday}
          label={childFieldLabel(t, t("update.child.birthday"), label)}
          type="date"
          defaultValue={child.birthday ?? ""}
        />
        <Field
          id={`child-${index}-gender`}
          label={childFieldLabel(t, t("update.child.gender"), label)}
          control={(aria) => (
            <NativeSelect
              id={`child-${index}-gender`}
              name={CHILD_INPUTS.gender}
              defaultValue={child.gender ?? ""}
              {...aria}
            >
              <option value="">{t("update.child.select")}</option>
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {GENDER_WORDS[gender] ? t(GENDER_WORDS[gender]) : gender}
                </option>
              ))}
            </NativeSelect>
          )}
        />
      </div>
      {isNew ? null : (
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input type="checkbox" name="removeChild" value={index} className="size-5 accent-destructive" />
          {t("update.child.remove")}
        </label>
      )}
    </li>
  );
}

const FIELD_LABELS = {
  email: "update.field.email",
  mobile: "update.field.mobile",
  addressBh: "update.field.addressBh",
  addressPh: "update.field.addressPh",
} as const satisfies Record<string, MessageKey>;

/** One of the member's own text fields, as the member table defines it, with what was typed. */
function OwnTextField({
  name,
  view,
  ...input
}: { name: "email" | "mobile" | "addressBh" | "addressPh"; view: OpenView } & Omit<
  ComponentProps<"input">,
  "id" | "name"
>) {
  const t = useT();
  return (
    <FormField
      id={name}
      name={name}
      label={t(FIELD_LABELS[name])}
      {...input}
      maxLength={MEMBER_FIELDS[name].max}
      defaultValue={view.draft[name]}
      error={view.errors[name]}
    />
  );
}

export function UpdateForm({ view }: { view: OpenView }) {
  const t = useT();
  const { draft, errors } = view;
  const children = draft.children;
  return (
    <Form method="post" className="grid gap-6" noValidate>
      {/* Enter in a field sends the changes: the first submit button is the form's default. */}
      <button type="submit" name="intent" value="send" tabIndex={-1} aria-hidden="true" className="hidden" />
      <Section title={t("update.contact.title")} id="contact-heading">
        <OwnTextField
          name="email"
          view={view}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
        />
        <div className="grid grid-cols-[6.5rem_1fr] gap-3">
          <Field
            id="countryCode"
            label={t("update.field.countryCode")}
            error={errors.countryCode}
            control={(aria) => (
              <NativeSelect id="countryCode" name="countryCode" defaultValue={draft.countryCode} {...aria}>
                {COUNTRY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
          <OwnTextField name="mobile" view={view} type="tel" inputMode="tel" autoComplete="tel-national" />
        </div>
      </Section>

      <Section title={t("update.addresses.title")} id="address-heading">
        <OwnTextField name="addressBh" view={view} autoComplete="street-address" />
        <OwnTextField name="addressPh" view={view} />
      </Section>

      <Section title={t("update.children.title")} id="children-heading">
        {errors.children ? <Notice tone="error">{errors.children}</Notice> : null}
        <ol className="grid gap-3">
          {children.map((child, index) => (
            <ChildRow key={`child-${index}`} index={index} child={child} isNew={false} />
          ))}
          {Array.from({ length: view.newRows }, (_, n) => (
            <ChildRow key={`new-${n}`} index={children.length + n} child={{}} isNew />
          ))}
        </ol>
        <Button
          type="submit"
          name="intent"
          value="add-child"
          variant="outline"
          className="justify-self-start"
        >
          {t("update.child.addAnother")}
        </Button>
      </Section>

      <Section title={t("update.ministries.title")} id="ministries-heading">
        <fieldset>
          <legend className="text-sm text-muted-foreground">{t("update.ministries.legend")}</legend>
          {errors.ministryInvolvement ? <Notice tone="error">{errors.ministryInvolvement}</Notice> : null}
          <div className="mt-3 grid gap-1 sm:grid-cols-2">
            {view.ministries.map((ministry) => (
              <label key={ministry.value} className="flex min-h-11 items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  name="ministryInvolvement"
                  value={ministry.value}
                  defaultChecked={draft.ministryInvolvement.includes(ministry.value)}
                  className="size-5 accent-primary"
                />
                {ministry.label}
              </label>
            ))}
          </div>
        </fieldset>
      </Section>

      <Button type="submit" name="intent" value="send" size="lg">
        {t("update.send")}
      </Button>
    </Form>
  );
}
