import { asc, eq, inArray, or, sql } from "drizzle-orm";
import { followUpNotes, followUps } from "../../../database/schema";
import type { Executor } from "../platform/db.server";

// What care keeps about a person (issue 38), for their data export and erasure: the follow-ups
// about them with their notes. Follow-ups are theirs by the member, or by their e-mail address (a
// shared mobile alone is never the same person: issue 33). Erasure removes them (the steps and
// notes go with them, on delete cascade); a member's go with the member row too.

export const CARE_DATA_KINDS = ["followUps", "followUpNotes"] as const;
type CareDataKind = (typeof CARE_DATA_KINDS)[number];

export const CARE_KIND_NAMES: Record<CareDataKind, [string, string]> = {
  followUps: ["follow-up about them", "follow-ups about them"],
  followUpNotes: ["note on a follow-up", "notes on follow-ups"],
};

export const CARE_SECTION_TITLES: Record<CareDataKind, string> = {
  followUps: "Follow-ups about them",
  followUpNotes: "Notes on the follow-ups about them",
};

export async function careDataOf(executor: Executor, memberId: string | null, addresses: readonly string[]) {
  const emails = addresses.filter((address) => address.includes("@"));
  const theirs = or(
    memberId ? eq(followUps.memberId, memberId) : undefined,
    emails.length > 0 ? inArray(sql`lower(trim(${followUps.email}))`, [...emails]) : undefined,
  );
  const rows = theirs
    ? await executor
        .select({
          id: followUps.id,
          name: followUps.name,
          email: followUps.email,
          mobile: followUps.mobile,
          reason: followUps.reason,
          source: followUps.source,
          status: followUps.status,
          dueOn: followUps.dueOn,
          createdAt: followUps.createdAt,
          closedAt: followUps.closedAt,
        })
        .from(followUps)
        .where(theirs)
        .orderBy(asc(followUps.createdAt), asc(followUps.id))
    : [];
  const ids = rows.map((row) => row.id);
  const notes =
    ids.length > 0
      ? await executor
          .select({
            followUp: followUpNotes.followUpId,
            body: followUpNotes.body,
            author: followUpNotes.author,
            createdAt: followUpNotes.createdAt,
          })
          .from(followUpNotes)
          .where(inArray(followUpNotes.followUpId, ids))
          .orderBy(asc(followUpNotes.createdAt), asc(followUpNotes.id))
      : [];
  return { followUps: rows, followUpNotes: notes };
}

type CareData = Awaited<ReturnType<typeof careDataOf>>;

/** Removes the follow-ups about the person, with their steps and notes. */
export async function forgetCareData(executor: Executor, found: CareData) {
  const ids = found.followUps.map((row) => row.id);
  if (ids.length > 0) await executor.delete(followUps).where(inArray(followUps.id, ids));
}
