import { inboxItems } from "../../../database/schema";
import type { Executor } from "./outbox.server";

// The staff inbox: every connect message, ministry sign-up and event registration, with what staff
// did about it. The message itself stays in its own table (visitors, ministry_registrations,
// event_registrations); the inbox row is written in the same transaction.

export type InboxKind = "connect" | "ministry" | "event";
export type InboxStatus = "new" | "handled" | "archived";

/** Puts a message that just came in into the inbox, as new. */
export async function recordInboxItem(
  executor: Executor,
  kind: InboxKind,
  sourceId: string,
  createdAt: Date,
) {
  await executor.insert(inboxItems).values({ kind, sourceId, createdAt });
}
