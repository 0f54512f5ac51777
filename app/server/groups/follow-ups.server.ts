import { followUpKey, openFollowUpKeys, startFollowUp, type FollowUpPerson } from "../care/follow-ups.server";
import type { StaffUser } from "../auth/guards.server";
import { services } from "../platform/services.server";

// "Not seen lately" asks for a follow-up (issue 38's care follow-ups, from the "not-seen"
// workflow when the church has one): a second click while the first is still open adds nothing.

export { followUpKey };

/** The open follow-ups, as "person|reason" keys. */
export const openFollowUps = () => openFollowUpKeys(services().db);

/** Asks for a follow-up of someone not seen lately; false when one is already open. */
export async function askForFollowUp(person: FollowUpPerson & { reason: string }, actor: StaffUser) {
  const { merged } = await services().db.transaction((tx) =>
    startFollowUp(tx, { ...person, source: "not-seen" }, actor),
  );
  return !merged;
}
