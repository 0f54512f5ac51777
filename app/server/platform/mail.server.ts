import nodemailer, { type Transporter } from "nodemailer";
import type { Env } from "./env.server";

/** Where e-mail goes out: the SMTP server and the sender, or null when e-mail is not set up. */
export interface MailSettings {
  url: string;
  from: string;
}

export function mailSettingsOf(env: Pick<Env, "SMTP_URL" | "MAIL_FROM">): MailSettings | null {
  return env.SMTP_URL && env.MAIL_FROM ? { url: env.SMTP_URL, from: env.MAIL_FROM } : null;
}

/** The SMTP connection (nodemailer): smtp:// with STARTTLS when offered, smtps:// with TLS. */
export function createMailTransport(settings: MailSettings): Transporter {
  // A mail server that does not answer must not hold a worker for minutes.
  const url = new URL(settings.url);
  for (const [name, ms] of [
    ["connectionTimeout", 15_000],
    ["greetingTimeout", 15_000],
    ["socketTimeout", 30_000],
  ] as const)
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  return nodemailer.createTransport(url.toString());
}
