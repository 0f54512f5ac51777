import { z } from "zod";
import { SENDER_PATTERN } from "~/lib/mail-address";

// The e-mail settings form (/members/settings/email): the SMTP server the site sends through and
// the sender its e-mails come from. The password is write-only: left empty it keeps the stored one.

export const MAIL_SECURITY = ["starttls", "tls", "none"] as const;
export type MailSecurityChoice = (typeof MAIL_SECURITY)[number];

export const MAIL_SECURITY_LABELS: Record<MailSecurityChoice, string> = {
  starttls: "STARTTLS (port 587)",
  tls: "TLS (port 465)",
  none: "None (local relay only)",
};

export const MAIL_SETTINGS_FIELDS = [
  "host",
  "port",
  "security",
  "user",
  "password",
  "removePassword",
  "from",
] as const;

// A host name (mail.example.org, localhost) or an IPv4 address: labels of letters, digits and
// hyphens, with no scheme, port, path or spaces.
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

export const mailSettingsSchema = z.object({
  host: z
    .string()
    .trim()
    .min(1, "Enter the mail server's name, such as smtp.gmail.com.")
    .regex(HOST_NAME, "Enter only the server's name, such as smtp.gmail.com (no smtp://, no port)."),
  port: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, "The port is a whole number from 1 to 65535 (usually 587 or 465).")
    .transform(Number)
    .refine(
      (port) => port >= 1 && port <= 65535,
      "The port is a whole number from 1 to 65535 (usually 587 or 465).",
    ),
  security: z.enum(MAIL_SECURITY, { error: "Choose how the connection is protected." }),
  user: z.string().trim().max(320, "The user name is at most 320 characters."),
  password: z.string().max(500, "The password is at most 500 characters."),
  removePassword: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
  from: z
    .string()
    .trim()
    .min(1, 'Enter the sender, such as "ACTS Church" <office@example.org>.')
    .regex(SENDER_PATTERN, 'Enter the sender as office@example.org or "ACTS Church" <office@example.org>.'),
});

export type MailSettingsInput = z.output<typeof mailSettingsSchema>;

export const testEmailSchema = z.object({
  to: z
    .string()
    .trim()
    .regex(/^[^\s<>",;@]+@[^\s<>",;@]+\.[^\s<>",;@]+$/, "Enter one e-mail address to send the test to."),
});
