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

/** The country code a number is written with ("+973 1234 5678" gives "973"), or null. */
export function countryCodeOf(phone: string): string | null {
  return /^\s*(?:\+|00)(\d{1,3})[\s.-]/.exec(phone)?.[1] ?? null;
}

/**
 * A number someone typed, with its country code: as typed when it has one (+ or 00), otherwise
 * with `homeCode` (the church's country) in front, so a wa.me link reaches the right phone.
 */
export function withCountryCode(phone: string, homeCode: string | null): string {
  const trimmed = phone.trim();
  if (trimmed.startsWith("+")) return trimmed;
  if (trimmed.startsWith("00")) return `+${trimmed.slice(2)}`;
  return homeCode ? `+${homeCode} ${trimmed}` : trimmed;
}
