import crypto from "node:crypto";
import { promisify } from "node:util";
import QRCode from "qrcode";
import { createCookie } from "react-router";
import { currentCount, hitRateLimits, peekRateLimits } from "../platform/rate-limit.server";
import { logChange, type Actor } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { getSetting, setSetting } from "../platform/settings.server";

// The new-member form is opened by a shared passcode. It is checked here, never sent to the
// browser; a right answer earns a short-lived signed grant that the registration action checks
// again. Changing the passcode ends every grant.

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
) => Promise<Buffer>;

export const GRANT_SECONDS = 2 * 60 * 60;
const SETTING_KEY = "registration_passcode";

interface StoredPasscode {
  salt: string;
  hash: string;
}

function grantCookie() {
  return createCookie("church.registration", {
    httpOnly: true,
    sameSite: "lax",
    path: "/members",
    maxAge: GRANT_SECONDS,
    secrets: [services().secret],
  });
}

async function currentPasscode(): Promise<{ stored?: StoredPasscode; plain?: string } | null> {
  const stored = await getSetting<StoredPasscode>(services().db, SETTING_KEY);
  if (stored) return { stored };
  const plain = services().env.REGISTRATION_PASSCODE;
  return plain ? { plain } : null;
}

/** Identifies the passcode in force without revealing it, so a change voids old grants. */
function fingerprint(passcode: { stored?: StoredPasscode; plain?: string }) {
  const material = passcode.stored ? passcode.stored.hash : `env:${passcode.plain}`;
  return crypto.createHmac("sha256", services().secret).update(material).digest("base64url").slice(0, 16);
}

export async function isPasscodeConfigured() {
  return (await currentPasscode()) !== null;
}

export type PasscodeOutcome = "granted" | "wrong" | "rate_limited" | "not_configured";

const KNOWN_FOR_MS = 90 * 24 * 60 * 60_000;

/**
 * Wrong answers only are counted: five per address in ten minutes, and 200 in an hour from
 * everywhere (a guesser with many addresses). The church-wide count never shuts out an address
 * that has given the right passcode before, so a stranger cannot close registration for the
 * church's own network.
 */
function passcodeRules(clientIp: string) {
  return {
    address: { key: `passcode:ip:${clientIp}`, limit: 5, windowMs: 10 * 60_000 },
    everywhere: { key: "passcode:all", limit: 200, windowMs: 60 * 60_000 },
  };
}

export async function checkPasscode(candidate: string, clientIp: string): Promise<PasscodeOutcome> {
  const { db } = services();
  const knownKey = `passcode:known:${clientIp}`;
  const rules = passcodeRules(clientIp);
  const known = (await currentCount(db, knownKey)) > 0;
  const limit = await peekRateLimits(db, known ? [rules.address] : [rules.address, rules.everywhere]);
  if (!limit.allowed) return "rate_limited";
  const passcode = await currentPasscode();
  if (!passcode) return "not_configured";
  let matches: boolean;
  if (passcode.stored) {
    const hash = await scrypt(candidate, Buffer.from(passcode.stored.salt, "base64"), 32);
    matches = crypto.timingSafeEqual(hash, Buffer.from(passcode.stored.hash, "base64"));
  } else {
    const digest = (text: string) => crypto.createHash("sha256").update(text).digest();
    matches = crypto.timingSafeEqual(digest(candidate), digest(passcode.plain!));
  }
  if (!matches) {
    await hitRateLimits(db, [rules.address, rules.everywhere]);
    return "wrong";
  }
  await hitRateLimits(db, [{ key: knownKey, limit: Number.MAX_SAFE_INTEGER, windowMs: KNOWN_FOR_MS }]);
  return "granted";
}

export async function grantCookieHeader(request: Request): Promise<string> {
  const passcode = await currentPasscode();
  const header = await grantCookie().serialize({ at: Date.now(), v: passcode ? fingerprint(passcode) : "" });
  return new URL(request.url).protocol === "https:" ? `${header}; Secure` : header;
}

export async function hasRegistrationGrant(request: Request): Promise<boolean> {
  const cookieHeader = request.headers.get("cookie");
  if (!cookieHeader?.includes("church.registration=")) return false;
  const grant = (await grantCookie().parse(cookieHeader)) as { at?: unknown; v?: unknown } | null;
  if (!grant || typeof grant.at !== "number" || Date.now() - grant.at > GRANT_SECONDS * 1000) return false;
  const passcode = await currentPasscode();
  return passcode !== null && grant.v === fingerprint(passcode);
}

/** An administrator's new passcode; only a salted hash is kept. */
export async function setRegistrationPasscode(passcode: string, actor: Actor) {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(passcode, salt, 32);
  await services().db.transaction(async (tx) => {
    await setSetting(tx, SETTING_KEY, { salt: salt.toString("base64"), hash: hash.toString("base64") });
    await logChange(tx, actor, "settings.passcode-changed", {
      subject: { type: "settings", label: "Registration passcode" },
    });
  });
}

/** The new member form's address, which the passcode opens. */
export const REGISTRATION_FORM_PATH = "/members/forms";

/** The registration form's full address and its QR code (an SVG drawing), for staff to hand out or print. */
export async function registrationFormLink(origin: string): Promise<{ url: string; qrSvg: string }> {
  const url = `${origin}${REGISTRATION_FORM_PATH}`;
  const qrSvg = await QRCode.toString(url, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { url, qrSvg };
}
