import { and, eq, inArray } from "drizzle-orm";
import { announcementRecipients, emailUnsubscribes, signedLinks } from "../../../database/schema";
import type { Executor } from "../platform/db.server";
import { UNSUBSCRIBE_PURPOSE } from "./announcement-sending.server";

// Erasing a person (privacy, issue 33) removes what announcements keep under their address: the
// rows that say who an announcement went to, their unsubscribe links, and their unsubscribe.

/** Removes the announcements' rows for these addresses (trimmed, lower case), in the caller's transaction. */
export async function forgetAnnouncementAddresses(tx: Executor, addresses: readonly string[]): Promise<void> {
  if (addresses.length === 0) return;
  const wanted = [...addresses];
  await tx.delete(announcementRecipients).where(inArray(announcementRecipients.email, wanted));
  await tx
    .delete(signedLinks)
    .where(and(eq(signedLinks.purpose, UNSUBSCRIBE_PURPOSE), inArray(signedLinks.subjectId, wanted)));
  await tx.delete(emailUnsubscribes).where(inArray(emailUnsubscribes.address, wanted));
}
