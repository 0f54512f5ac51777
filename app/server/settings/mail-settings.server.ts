import type { MailSettingsInput } from "~/schemas/mail-settings";
import { logChange, type Actor } from "../platform/change-log.server";
import { AppError } from "../platform/app-error.server";
import {
  createMailTransport,
  mailSettingsOf,
  type MailSecurity,
  type MailSettings,
} from "../platform/mail.server";
import { officeSetting, saveOfficeSetting, type OfficeSettingKey } from "../platform/office-settings.server";
import { openSecret, sealSecret } from "../platform/secret-box.server";
import { services } from "../platform/services.server";
import { renderEmail } from "../messages/email-layout.server";
import { holdWaitingEmails } from "../messages/outbox-admin.server";
import { getSiteContent } from "../site/site-content.server";

// The mail server the office sets in the browser (/members/settings/email), stored as the office
// setting "office:mail" with its password sealed (secret-box). SMTP_URL and MAIL_FROM, when the
// server has them, win over it. Everything that sends or speaks of e-mail asks
// `effectiveMailSettings()`: the worker, the inbox, the notifications screen, the setup checklist.

export const MAIL_SETTING: OfficeSettingKey = "office:mail";

/** What "office:mail" holds. The password is sealed, and absent when the server needs no sign-in. */
export interface StoredMailSettings {
  host: string;
  port: number;
  security: MailSecurity;
  user?: string;
  password?: string;
  from: string;
}

function storedMailSettings(): StoredMailSettings | undefined {
  return officeSetting<StoredMailSettings>(MAIL_SETTING);
}

/** The stored settings as the transport needs them; null when the password cannot be opened. */
function openStored(stored: StoredMailSettings): MailSettings | null {
  const { host, port, security, user, from } = stored;
  if (!stored.password) return { host, port, security, ...(user ? { user } : {}), from };
  const password = openSecret(stored.password, services().settingsKey);
  return password === null ? null : { host, port, security, ...(user ? { user, password } : {}), from };
}

/**
 * The settings e-mail goes out with: SMTP_URL and MAIL_FROM when the server has them, else the
 * ones saved on the settings screen, else null (e-mail is not set up). A stored password sealed
 * with another key (a backup restored on another install) counts as not set up.
 */
export function effectiveMailSettings(): MailSettings | null {
  const fromEnv = mailSettingsOf(services().env);
  if (fromEnv) return fromEnv;
  const stored = storedMailSettings();
  return stored ? openStored(stored) : null;
}

export function isMailSetUp(): boolean {
  return effectiveMailSettings() !== null;
}

/** What the settings screen shows: never the password, only whether there is one. */
export interface MailSettingsView {
  source: "env" | "settings" | "none";
  /** The environment's server, without its user or password (when SMTP_URL is set). */
  envServer: string | null;
  envFrom: string | null;
  stored: Omit<StoredMailSettings, "password"> | null;
  hasPassword: boolean;
  /** A password is stored but this install cannot open it: it must be typed again. */
  passwordUnreadable: boolean;
}

export function mailSettingsView(): MailSettingsView {
  const { env } = services();
  const stored = storedMailSettings();
  const passwordUnreadable =
    !!stored?.password && openSecret(stored.password, services().settingsKey) === null;
  let envServer: string | null = null;
  if (env.SMTP_URL) {
    const url = new URL(env.SMTP_URL);
    envServer = `${url.protocol}//${url.host}`;
  }
  const { password, ...shown } = stored ?? ({} as StoredMailSettings);
  return {
    source: mailSettingsOf(env) ? "env" : stored && !passwordUnreadable ? "settings" : "none",
    envServer,
    envFrom: env.MAIL_FROM ?? null,
    stored: stored ? shown : null,
    hasPassword: !!password,
    passwordUnreadable,
  };
}

/**
 * Saves the mail server. An empty password keeps the stored one (unless `removePassword`); no user
 * means no sign-in, so no password either. When this switches e-mail on while older e-mails wait,
 * they are held until an admin chooses to send or discard them. Returns how many were held.
 */
export async function saveMailSettings(input: MailSettingsInput, actor: Actor): Promise<{ held: number }> {
  if (mailSettingsOf(services().env))
    throw new AppError(
      "SMTP_URL and MAIL_FROM are set on the server, and they win over these settings. Remove them and restart the site to set e-mail here.",
      409,
    );
  const before = storedMailSettings();
  const wasSetUp = isMailSetUp();
  const user = input.user || undefined;
  let password: string | undefined;
  let passwordChange: "set" | "kept" | "removed" | "none" = "none";
  if (user && input.password) {
    password = sealSecret(input.password, services().settingsKey);
    passwordChange = "set";
  } else if (user && !input.removePassword && before?.password) {
    password = before.password;
    passwordChange = "kept";
  } else if (before?.password) {
    passwordChange = "removed";
  }
  const value: StoredMailSettings = {
    host: input.host,
    port: input.port,
    security: input.security,
    ...(user ? { user } : {}),
    ...(password ? { password } : {}),
    from: input.from,
  };
  const willBeSetUp = openStored(value) !== null;
  return services().db.transaction(async (tx) => {
    await saveOfficeSetting(tx, MAIL_SETTING, value);
    const held = !wasSetUp && willBeSetUp ? await holdWaitingEmails(tx) : 0;
    await logChange(tx, actor, "settings.mail-saved", {
      subject: { type: "settings", label: "E-mail" },
      details: {
        host: value.host,
        port: value.port,
        security: value.security,
        user: value.user ?? null,
        from: value.from,
        password: passwordChange,
        ...(held ? { heldEmails: held } : {}),
      },
    });
    return { held };
  });
}

/** Forgets the stored mail server: e-mails wait again (unless SMTP_URL and MAIL_FROM are set). */
export async function removeMailSettings(actor: Actor): Promise<boolean> {
  if (!storedMailSettings()) return false;
  await services().db.transaction(async (tx) => {
    await saveOfficeSetting(tx, MAIL_SETTING, null);
    await logChange(tx, actor, "settings.mail-removed", { subject: { type: "settings", label: "E-mail" } });
  });
  return true;
}

/** Waits for a test e-mail: long enough for a slow server's answer, short enough for a page. */
const TEST_TIMEOUT_MS = 20_000;

export type TestEmailResult = { ok: true; response: string } | { ok: false; error: string };

/**
 * Sends a test e-mail straight away (not through the outbox) with the settings in effect, and
 * gives the mail server's own answer: its reply line when it accepted, the error when it did not.
 */
export async function sendTestEmail(to: string): Promise<TestEmailResult> {
  const settings = effectiveMailSettings();
  if (!settings) return { ok: false, error: "E-mail is not set up yet: save the mail server first." };
  const content = await getSiteContent();
  const email = renderEmail(content, `Test e-mail from the ${content.church.name} website`, {
    heading: "It works",
    paragraphs: [
      `This is a test e-mail from the ${content.church.name} website. If you can read it, the site can send e-mail.`,
    ],
  });
  const transport = createMailTransport(settings, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const info = (await Promise.race([
      transport.sendMail({
        from: settings.from,
        to,
        subject: email.subject,
        text: email.text,
        html: email.html,
      }),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`The mail server did not answer within ${TEST_TIMEOUT_MS / 1000} seconds.`)),
          TEST_TIMEOUT_MS,
        );
      }),
    ])) as { response?: string };
    return { ok: true, response: info.response ?? "Accepted." };
  } catch (error) {
    return { ok: false, error: (error instanceof Error ? error.message : String(error)).slice(0, 500) };
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}
