import { FormField } from "~/components/form-field";
import { SITE_ADDRESS_MAX_LENGTH } from "~/schemas/site-address";

/** The site address field, as the settings screen and the first sign-in set-up both ask for it. */
export function SiteAddressField({
  defaultValue,
  hint,
  error,
}: {
  defaultValue: string;
  hint: string;
  error?: string;
}) {
  return (
    <FormField
      id="address"
      name="address"
      label="Site address"
      type="text"
      inputMode="url"
      autoComplete="url"
      autoCapitalize="none"
      spellCheck={false}
      required
      maxLength={SITE_ADDRESS_MAX_LENGTH}
      defaultValue={defaultValue}
      hint={hint}
      error={error}
    />
  );
}
