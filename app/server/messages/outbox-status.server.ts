import { count, inArray } from "drizzle-orm";
import { outboxEmails } from "../../../database/schema";
import { mailSettingsOf } from "../platform/mail.server";
import { services } from "../platform/services.server";

/**
 * Whether this site sends e-mail (SMTP_URL and MAIL_FROM set), and how many e-mails wait in the
 * outbox or could not be sent: what the inbox tells staff before they reply.
 */
export async function outboxStatus(): Promise<{ emailConfigured: boolean; waiting: number }> {
  const { db, env } = services();
  const [row] = await db
    .select({ n: count() })
    .from(outboxEmails)
    .where(inArray(outboxEmails.status, ["pending", "failed"]));
  return { emailConfigured: mailSettingsOf(env) !== null, waiting: row?.n ?? 0 };
}
