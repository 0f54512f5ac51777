import { auditLog } from "../../../database/schema";
import { currentClientIp } from "./request-scope.server";
import type { Executor } from "./db.server";

/**
 * Who made a change: a signed-in person, the site itself (seed, upgrades, the outbox), the server's
 * console (`npm run admin:create`), the registration passcode (someone without an account adding
 * a member), or a visitor (a public form, a failed sign-in).
 */
export type Actor =
  { id: string; email: string } | "system" | "console" | "registration-passcode" | "visitor";

/** What an entry is about, with a name that still reads right after the thing is gone. */
export interface AuditSubject {
  type: string;
  id?: string | null;
  label?: string | null;
}

export interface AuditEntry {
  subject?: AuditSubject;
  /** What changed: `{ changes: [{ field, from, to }] }`, `{ rows: 12 }`, ... */
  details?: Record<string, unknown>;
}

/** One field's change, as the audit log shows it. */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/**
 * Writes who did what to the audit log, through `executor`, so an entry is committed with the
 * change it describes or not at all. Also one JSON line in the server log.
 */
export async function logChange(
  executor: Executor,
  actor: Actor,
  action: string,
  entry: AuditEntry = {},
): Promise<void> {
  const person = typeof actor === "string" ? null : actor;
  const row = {
    actorId: person?.id ?? null,
    actorLabel: person ? person.email : (actor as string),
    ip: currentClientIp(),
    action,
    subjectType: entry.subject?.type ?? null,
    subjectId: entry.subject?.id ?? null,
    subjectLabel: entry.subject?.label ?? null,
    details: entry.details ?? {},
  };
  await executor.insert(auditLog).values(row);
  // What the site does by itself (the first administrator, housekeeping) is in the audit log,
  // not on the console, which stays for what people do and what needs attention.
  if (actor === "system") return;
  console.info(
    JSON.stringify({
      event: "change",
      action,
      by: row.actorLabel,
      ...(row.actorId ? { byId: row.actorId } : {}),
      ...(row.subjectType ? { subject: `${row.subjectType}:${row.subjectId ?? ""}` } : {}),
    }),
  );
}

/** The fields whose values differ between two versions of a record, with both values. */
export function fieldChanges<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): FieldChange[] {
  return fields
    .filter((field) => JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map((field) => ({ field, from: before[field] ?? null, to: after[field] ?? null }));
}
