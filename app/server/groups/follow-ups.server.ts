import { and, eq, sql } from "drizzle-orm";
import { attendanceFollowUps, inboxItems } from "../../../database/schema";
import { recordInboxItem } from "../messages/inbox.server";
import { logChange } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";

// Follow-ups from "Not seen lately" (issue 37): until the care issue's follow-ups exist, each is
// an item in the staff inbox ("follow-up"), its reason read as the message. A second click for
// the same person and reason while the first is still new in the inbox adds nothing.

export interface FollowUpInput {
  memberId: string | null;
  name: string;
  email: string;
  mobile: string;
  reason: string;
}

/** Who a follow-up is about: the member, or the address a non-member checked in with. */
const personKey = (person: { memberId: string | null; email: string }) =>
  person.memberId ? `member:${person.memberId}` : `email:${person.email.toLowerCase()}`;

/** The follow-ups still new in the inbox, as "person|reason" keys. */
export async function openFollowUps(executor: Executor = services().db): Promise<Set<string>> {
  const rows = await executor
    .select({
      memberId: attendanceFollowUps.memberId,
      email: attendanceFollowUps.email,
      reason: attendanceFollowUps.reason,
    })
    .from(attendanceFollowUps)
    .innerJoin(
      inboxItems,
      and(eq(inboxItems.kind, "follow-up"), eq(inboxItems.sourceId, attendanceFollowUps.id)),
    )
    .where(eq(inboxItems.status, "new"));
  return new Set(rows.map((row) => `${personKey(row)}|${row.reason}`));
}

export const followUpKey = (person: FollowUpInput) => `${personKey(person)}|${person.reason}`;

/**
 * Asks for a follow-up: the row and its inbox item in one transaction, with an audit entry.
 * Answers false when the same one is still open (nothing written).
 */
export async function askForFollowUp(
  person: FollowUpInput,
  actor: { id: string; email: string },
): Promise<boolean> {
  return services().db.transaction(async (tx) => {
    // Two clicks at once: the second waits for the first, then finds it.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`follow-up:${followUpKey(person)}`}))`);
    if ((await openFollowUps(tx)).has(followUpKey(person))) return false;
    const [row] = await tx
      .insert(attendanceFollowUps)
      .values({ ...person, createdBy: actor.email })
      .returning({ id: attendanceFollowUps.id, createdAt: attendanceFollowUps.createdAt });
    await recordInboxItem(tx, "follow-up", row!.id, row!.createdAt);
    await logChange(tx, actor, "attendance.follow-up", {
      // Someone outside the registry is named by their address, as their erasure finds them.
      subject: person.memberId
        ? { type: "member", id: person.memberId, label: person.name }
        : { type: "person", label: person.email.toLowerCase() },
      details: { reason: person.reason },
    });
    return true;
  });
}
