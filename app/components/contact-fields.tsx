import { useT, type MessageKey } from "~/lib/i18n";
import { LIMITS } from "~/schemas/public-forms";
import { FormField } from "./form-field";
import type { PublicFormState } from "./public-form";

// The name, e-mail and mobile fields the three public forms share, with their limits and hints,
// labelled in the page's language.

interface ContactFieldProps {
  id: string;
  state: PublicFormState;
  label?: string;
}

const CONTACT_FIELDS = {
  name: { label: "forms.fullName", type: undefined, placeholder: undefined, autoComplete: "name" },
  email: { label: "forms.email", type: "email", placeholder: undefined, autoComplete: "email" },
  mobile: { label: "forms.mobile", type: "tel", placeholder: "+973 XXXX XXXX", autoComplete: "tel" },
} as const satisfies Record<
  string,
  { label: MessageKey; type: string | undefined; placeholder: string | undefined; autoComplete: string }
>;

function ContactField({ name, id, state, label }: ContactFieldProps & { name: keyof typeof CONTACT_FIELDS }) {
  const t = useT();
  const { type, placeholder, autoComplete } = CONTACT_FIELDS[name];
  return (
    <FormField
      id={id}
      name={name}
      type={type}
      label={label ?? t(CONTACT_FIELDS[name].label)}
      placeholder={placeholder}
      required
      maxLength={LIMITS[name]}
      autoComplete={autoComplete}
      error={state.errors[name]}
      defaultValue={state.values[name]}
    />
  );
}

export function NameField(props: ContactFieldProps) {
  return <ContactField name="name" {...props} />;
}

export function EmailField(props: ContactFieldProps) {
  return <ContactField name="email" {...props} />;
}

export function MobileField(props: ContactFieldProps) {
  return <ContactField name="mobile" {...props} />;
}
