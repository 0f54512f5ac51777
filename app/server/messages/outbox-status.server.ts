import { count, inArray } from "drizzle-orm";
import { outboxEmails } from "../../../database/schema";
import { services } from "../platform/services.server";
import { isMailSetUp } from "../settings/mail-settings.server";
import { UNSENT_STATUSES } from "./outbox.server";

/**
 * Whether this site sends e-mail (set up on the e-mail settings screen, or SMTP_URL and MAIL_FROM),
 * and how many e-mails wait in the outbox, are held for an admin's choice or could not be sent:
 * what the inbox tells staff before they reply.
 */
export async function outboxStatus(): Promise<{ emailConfigured: boolean; waiting: number }> {
  const { db } = services();
  const [row] = await db
    .select({ n: count() })
    .from(outboxEmails)
    .where(inArray(outboxEmails.status, UNSENT_STATUSES));
  return { emailConfigured: isMailSetUp(), waiting: row?.n ?? 0 };
}
