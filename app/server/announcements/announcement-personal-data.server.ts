import { asc, eq, inArray } from "drizzle-orm";
import {
  announcementRecipients,
  announcements,
  emailUnsubscribes,
  savedListMembers,
  savedLists,
} from "../../../database/schema";
import type { Executor } from "../platform/db.server";

// What announcements keep about a person (issue 35), for their data export and its erasure: the
// announcements sent to their address with how each went, their unsubscribe, and the saved lists
// they are on. Erasing removes them (forget-addresses.server.ts; list places go with the member).

/** The person's rows, by their addresses (trimmed, lower case) and member id. */
export async function announcementDataOf(
  executor: Executor,
  addresses: readonly string[],
  memberId: string | null,
) {
  const wanted = [...addresses];
  const [received, unsubscribes, lists] = await Promise.all([
    wanted.length === 0
      ? []
      : executor
          .select({
            id: announcementRecipients.id,
            subject: announcements.subject,
            email: announcementRecipients.email,
            name: announcementRecipients.name,
            status: announcementRecipients.status,
            error: announcementRecipients.error,
            sentAt: announcements.startedAt,
          })
          .from(announcementRecipients)
          .innerJoin(announcements, eq(announcements.id, announcementRecipients.announcementId))
          .where(inArray(announcementRecipients.email, wanted))
          .orderBy(asc(announcements.startedAt), asc(announcementRecipients.id)),
    wanted.length === 0
      ? []
      : executor.select().from(emailUnsubscribes).where(inArray(emailUnsubscribes.address, wanted)),
    memberId
      ? executor
          .select({ list: savedLists.name, addedAt: savedListMembers.addedAt })
          .from(savedListMembers)
          .innerJoin(savedLists, eq(savedLists.id, savedListMembers.listId))
          .where(eq(savedListMembers.memberId, memberId))
          .orderBy(asc(savedLists.name))
      : [],
  ]);
  return { announcements: received, unsubscribes, savedLists: lists };
}
