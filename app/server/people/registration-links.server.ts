import crypto from "node:crypto";
import { localePath, type Locale } from "~/lib/i18n";
import { services } from "../platform/services.server";

// A registrant's own links (cancel, check-in QR) name the registration and carry a signature made
// with the site's secret, so they work without an account and cannot be guessed or altered.

function signature(purpose: string, registrationId: string): string {
  return crypto
    .createHmac("sha256", services().secret)
    .update(`${purpose}:${registrationId}`)
    .digest("base64url")
    .slice(0, 32);
}

function matches(purpose: string, registrationId: string, given: string): boolean {
  const expected = Buffer.from(signature(purpose, registrationId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/**
 * The address that cancels one registration (single use: a cancelled one stays cancelled), on
 * the cancel page in the registrant's language (/fil/events/... for Filipino).
 */
export function cancelLink(
  origin: string,
  eventId: string,
  registrationId: string,
  locale: Locale = "en",
): string {
  const query = new URLSearchParams({ r: registrationId, s: signature("cancel", registrationId) });
  return `${origin}${localePath(locale, `/events/${eventId}/cancel`)}?${query}`;
}

export function isCancelSignature(registrationId: string, given: string): boolean {
  return matches("cancel", registrationId, given);
}

/** What the QR code in a confirmation holds: staff scan it on the check-in page. */
export function checkInCode(registrationId: string): string {
  return `${registrationId}.${signature("check-in", registrationId)}`;
}

/** The registration a scanned check-in code names, or null for a code that is not ours. */
export function registrationOfCheckInCode(code: string): string | null {
  const [id, given] = code.trim().split(".");
  return id && given && matches("check-in", id, given) ? id : null;
}
