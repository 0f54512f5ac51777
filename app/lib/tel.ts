/**
 * The tel: link for a phone number as written for people ("+973 1234 5678"). Placeholder digits
 * written as X become 0, so a placeholder number still makes a well-formed (harmless) link.
 */
export function telHref(phone: string): string {
  const digits = phone.replace(/[xX]/g, "0").replace(/[^\d+]/g, "");
  return `tel:${digits}`;
}
