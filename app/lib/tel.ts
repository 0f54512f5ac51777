/**
 * The tel: link for a phone number as written for people ("+973 1234 5678"). Placeholder digits
 * written as X become 0, so a placeholder number still makes a well-formed (harmless) link.
 */
export function telHref(phone: string): string {
  const digits = phone.replace(/[xX]/g, "0").replace(/[^\d+]/g, "");
  return `tel:${digits}`;
}

/** False for a number still holding placeholder digits (X), which must not be dialled. */
export function isDiallable(phone: string): boolean {
  return /\d/.test(phone) && !/[xX]/.test(phone);
}

/** The wa.me link that opens a chat with the number (digits only, with the country code). */
export function whatsAppHref(phone: string): string {
  return `https://wa.me/${phone.replace(/\D/g, "")}`;
}
