import { and, eq } from "drizzle-orm";
import { members } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { logChange, type Actor } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { memberLabel, notDeleted } from "./members.server";

// The staff's answer to a registration flagged as a possible duplicate (a passcode registration
// that looked like a member): someone else after all. Deleting it is the ordinary member delete.

/**
 * Staff checked a registration flagged as a possible duplicate and found someone else: the flag
 * goes. False when the member is gone or was not flagged.
 */
export async function keepPossibleDuplicate(id: string, actor: Actor): Promise<boolean> {
  if (!isUuid(id)) return false;
  return services().db.transaction(async (tx) => {
    const [row] = await tx
      .update(members)
      .set({ possibleDuplicate: false })
      .where(and(eq(members.id, id), eq(members.possibleDuplicate, true), notDeleted))
      .returning({ id: members.id, firstName: members.firstName, lastName: members.lastName });
    if (!row) return false;
    await logChange(tx, actor, "member.duplicate-kept", {
      subject: { type: "member", id, label: memberLabel(row) },
    });
    return true;
  });
}
