import type { ReactNode } from "react";
import type { Choice } from "~/content/member-options";
import { MEMBER_FIELDS, type MemberDraft, type MemberFieldNameOf } from "~/schemas/member-fields";
import { FormField } from "./form-field";
import { Label } from "./ui/label";
import { NativeSelect } from "./ui/select";

/** What every section of the member form reads: the ids, the starting values and the messages. */
export interface MemberFormState {
  id: (name: string) => string;
  defaults: MemberDraft;
  errors: Record<string, string>;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl border border-border bg-background p-5 shadow-sm sm:p-6">
      <legend className="px-2 text-lg font-semibold text-navy">{title}</legend>
      <div className="mt-2 grid gap-5 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function SelectField({
  id,
  name,
  label,
  options,
  defaultValue,
  error,
  placeholder,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  options: readonly (string | Choice)[];
  defaultValue?: string | null;
  error?: string;
  placeholder?: string;
  onChange?: (value: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => {
          const value = typeof option === "string" ? option : option.value;
          const text = typeof option === "string" ? option : option.label;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </NativeSelect>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const INPUT_TYPES = { text: undefined, email: "email", tel: "tel", date: "date" } as const;

/** A text or date field of the member table, labelled and limited as the table says. */
export function MemberInputField({
  name,
  form,
}: {
  name: MemberFieldNameOf<"text" | "email" | "tel" | "date">;
  form: MemberFormState;
}) {
  const field = MEMBER_FIELDS[name];
  const isRequired = "required" in field && field.required;
  return (
    <FormField
      id={form.id(name)}
      name={name}
      label={isRequired ? `${field.label} *` : field.label}
      type={INPUT_TYPES[field.kind]}
      required={isRequired || undefined}
      maxLength={"max" in field ? field.max : undefined}
      autoComplete={"autoComplete" in field ? field.autoComplete : undefined}
      defaultValue={form.defaults[name] ?? ""}
      error={form.errors[name]}
    />
  );
}

/** A choice field of the member table, with its options, placeholder and default. */
export function MemberSelectField({
  name,
  form,
  onChange,
}: {
  name: MemberFieldNameOf<"choice">;
  form: MemberFormState;
  onChange?: (value: string) => void;
}) {
  const field = MEMBER_FIELDS[name];
  return (
    <SelectField
      id={form.id(name)}
      name={name}
      label={field.label}
      options={field.options}
      placeholder={"placeholder" in field ? field.placeholder : undefined}
      defaultValue={form.defaults[name] ?? ("default" in field ? field.default : undefined)}
      error={form.errors[name]}
      onChange={onChange}
    />
  );
}

/** A list field of the member table as checkable tags, one per choice. */
export function MemberTagChoices({
  name,
  choices,
  form,
}: {
  name: MemberFieldNameOf<"list">;
  choices: readonly Choice[];
  form: MemberFormState;
}) {
  const selected = form.defaults[name] ?? [];
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-sm font-medium">{MEMBER_FIELDS[name].label}</legend>
      <div className="mt-3 flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="cursor-pointer rounded-full border border-input px-3 py-1.5 text-sm transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ring"
          >
            <input
              type="checkbox"
              name={name}
              value={choice.value}
              defaultChecked={selected.includes(choice.value)}
              className="sr-only"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
