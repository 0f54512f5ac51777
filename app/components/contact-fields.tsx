import { LIMITS } from "~/schemas/public-forms";
import { FormField } from "./form-field";
import type { PublicFormState } from "./public-form";

// The name, e-mail and mobile fields the three public forms share, with their limits and hints.

interface ContactFieldProps {
  id: string;
  state: PublicFormState;
  label?: string;
}

const CONTACT_FIELDS = {
  name: { label: "Full Name", type: undefined, placeholder: undefined, autoComplete: "name" },
  email: { label: "Email", type: "email", placeholder: undefined, autoComplete: "email" },
  mobile: { label: "Mobile Number", type: "tel", placeholder: "+973 XXXX XXXX", autoComplete: "tel" },
} as const;

function ContactField({ name, id, state, label }: ContactFieldProps & { name: keyof typeof CONTACT_FIELDS }) {
  const { type, placeholder, autoComplete } = CONTACT_FIELDS[name];
  return (
    <FormField
      id={id}
      name={name}
      type={type}
      label={label ?? CONTACT_FIELDS[name].label}
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
