import type { StaffUser } from "../auth/guards.server";

/**
 * Who made a change: the signed-in person, the system itself (seed, console commands), or the
 * registration passcode, which lets someone without an account add a member.
 */
export type Actor = Pick<StaffUser, "id" | "email"> | "system" | "registration-passcode";

/**
 * Says who changed what, as one JSON line in the server log. Every staff write calls it, so the
 * audit-log issue can keep these lines in a table, in the same transaction as the change.
 */
export function logChange(actor: Actor, action: string, subject: Record<string, unknown> = {}) {
  const by = typeof actor === "string" ? { by: actor } : { by: actor.email, byId: actor.id };
  console.info(JSON.stringify({ event: "change", action, ...by, ...subject }));
}
