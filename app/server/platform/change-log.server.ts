import type { StaffUser } from "../auth/guards.server";

/** Who made a change: the signed-in person, or the system itself (seed, console commands). */
export type Actor = Pick<StaffUser, "id" | "email"> | "system";

/**
 * Says who changed what, as one JSON line in the server log. Every staff write calls it, so the
 * audit-log issue can keep these lines in a table, in the same transaction as the change.
 */
export function logChange(actor: Actor, action: string, subject: Record<string, unknown> = {}) {
  const by = actor === "system" ? { by: "system" } : { by: actor.email, byId: actor.id };
  console.info(JSON.stringify({ event: "change", action, ...by, ...subject }));
}
