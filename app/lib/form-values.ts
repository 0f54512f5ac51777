/** A form's text fields as a plain object (files and repeated names are left out). */
export function formValues(form: FormData | HTMLFormElement): Record<string, string> {
  const data = form instanceof FormData ? form : new FormData(form);
  const values: Record<string, string> = {};
  for (const [key, value] of data.entries()) if (typeof value === "string") values[key] = value;
  return values;
}

/** Puts the cursor in the first field that has a message, so keyboard and screen reader users land on it. */
export function focusFirstError(form: HTMLFormElement, errors: Record<string, string>) {
  for (const name of Object.keys(errors)) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLElement) return field.focus();
  }
}
