import nodemailer, { type Transporter } from "nodemailer";
import type { Env } from "./env.server";

/** How the connection to the mail server is protected. */
export type MailSecurity = "starttls" | "tls" | "none";

/** An SMTP server given piece by piece (as the e-mail settings screen stores it). */
export interface MailServer {
  host: string;
  port: number;
  security: MailSecurity;
  user?: string;
  password?: string;
}

/**
 * Where e-mail goes out: the SMTP server (an smtp:// or smtps:// URL from SMTP_URL, or its pieces
 * from the settings screen) and the sender; null stands for "e-mail is not set up".
 */
export type MailSettings = ({ url: string } | MailServer) & { from: string };

/** The settings the environment gives (SMTP_URL and MAIL_FROM), which win over stored ones. */
export function mailSettingsOf(env: Pick<Env, "SMTP_URL" | "MAIL_FROM">): MailSettings | null {
  return env.SMTP_URL && env.MAIL_FROM ? { url: env.SMTP_URL, from: env.MAIL_FROM } : null;
}

/** A mail server that does not answer must not hold a worker for minutes. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/**
 * The SMTP connection (nodemailer): smtp:// with STARTTLS when offered, smtps:// with TLS; or a
 * host and port with STARTTLS required, TLS from the start, or neither (a relay on the same
 * network). `timeouts` shortens the waits (the settings screen's test e-mail).
 */
export function createMailTransport(
  settings: MailSettings,
  timeouts: Partial<typeof TIMEOUTS> = {},
): Transporter {
  const limits = { ...TIMEOUTS, ...timeouts };
  if ("url" in settings) {
    const url = new URL(settings.url);
    for (const [name, ms] of Object.entries(limits))
      if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
    return nodemailer.createTransport(url.toString());
  }
  return nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.security === "tls",
    requireTLS: settings.security === "starttls",
    ignoreTLS: settings.security === "none",
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? "" } } : {}),
    ...limits,
  });
}

/** Whether two settings name the same server, account and sender (the worker rebuilds on a change). */
export function sameMailSettings(a: MailSettings | null, b: MailSettings | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
