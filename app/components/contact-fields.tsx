import { LIMITS } from "~/schemas/public-forms";
import { FormField } from "./form-field";
import type { PublicFormState } from "./public-form";

// The name, e-mail and mobile fields the three public forms share, with their limits and hints.

interface ContactFieldProps {
  id: string;
  state: PublicFormState;
  label?: string;
}

export function NameField({ id, state, label = "Full Name" }: ContactFieldProps) {
  return (
    <FormField
      id={id}
      name="name"
      label={label}
      required
      maxLength={LIMITS.name}
      autoComplete="name"
      error={state.errors.name}
      defaultValue={state.values.name}
    />
  );
}

export function EmailField({ id, state, label = "Email" }: ContactFieldProps) {
  return (
    <FormField
      id={id}
      name="email"
      type="email"
      label={label}
      required
      maxLength={LIMITS.email}
      autoComplete="email"
      error={state.errors.email}
      defaultValue={state.values.email}
    />
  );
}

export function MobileField({ id, state, label = "Mobile Number" }: ContactFieldProps) {
  return (
    <FormField
      id={id}
      name="mobile"
      type="tel"
      label={label}
      placeholder="+973 XXXX XXXX"
      required
      maxLength={LIMITS.mobile}
      autoComplete="tel"
      error={state.errors.mobile}
      defaultValue={state.values.mobile}
    />
  );
}
