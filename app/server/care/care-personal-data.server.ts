import { asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { auditLog, followUpNotes, followUps, pastoralVisits, prayerRequests } from "../../../database/schema";
import { can, type Access } from "~/lib/permissions";
import type { Executor } from "../platform/db.server";

// What care keeps about a person (issue 38), for their data export and erasure: the follow-ups
// about them with their notes, the pastoral visits and calls logged on their profile, and their
// prayer requests. Follow-ups and prayer requests are theirs by the member, or by their e-mail
// address (a shared mobile alone is never the same person: issue 33); visits are a member's only.
// Erasure removes them (a follow-up's steps and notes go with it, on delete cascade; a member's
// rows go with the member row too), and the audit entries about them with the person's others.

export const CARE_DATA_KINDS = ["followUps", "followUpNotes", "pastoralVisits", "prayerRequests"] as const;
type CareDataKind = (typeof CARE_DATA_KINDS)[number];

export const CARE_KIND_NAMES: Record<CareDataKind, [string, string]> = {
  followUps: ["follow-up about them", "follow-ups about them"],
  followUpNotes: ["note on a follow-up", "notes on follow-ups"],
  pastoralVisits: ["pastoral visit or call", "pastoral visits and calls"],
  prayerRequests: ["prayer request", "prayer requests"],
};

export const CARE_SECTION_TITLES: Record<CareDataKind, string> = {
  followUps: "Follow-ups about them",
  followUpNotes: "Notes on the follow-ups about them",
  pastoralVisits: "Pastoral visits and calls",
  prayerRequests: "Prayer requests",
};

export async function careDataOf(executor: Executor, memberId: string | null, addresses: readonly string[]) {
  const emails = addresses.filter((address) => address.includes("@"));
  const theirs = or(
    memberId ? eq(followUps.memberId, memberId) : undefined,
    emails.length > 0 ? inArray(sql`lower(trim(${followUps.email}))`, [...emails]) : undefined,
  );
  const theirPrayers = or(
    memberId ? eq(prayerRequests.memberId, memberId) : undefined,
    emails.length > 0 ? inArray(sql`lower(trim(${prayerRequests.email}))`, [...emails]) : undefined,
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
  const visits = memberId
    ? await executor
        .select({
          id: pastoralVisits.id,
          visitedOn: pastoralVisits.visitedOn,
          kind: pastoralVisits.kind,
          visitedBy: pastoralVisits.visitedBy,
          privateNote: pastoralVisits.privateNote,
          createdBy: pastoralVisits.createdBy,
          createdAt: pastoralVisits.createdAt,
        })
        .from(pastoralVisits)
        .where(eq(pastoralVisits.memberId, memberId))
        .orderBy(asc(pastoralVisits.visitedOn), asc(pastoralVisits.createdAt), asc(pastoralVisits.id))
    : [];
  const prayers = theirPrayers
    ? await executor
        .select({
          id: prayerRequests.id,
          name: prayerRequests.name,
          email: prayerRequests.email,
          mobile: prayerRequests.mobile,
          request: prayerRequests.request,
          visibility: prayerRequests.visibility,
          wantsCall: prayerRequests.wantsCall,
          source: prayerRequests.source,
          expiresOn: prayerRequests.expiresOn,
          answeredAt: prayerRequests.answeredAt,
          answerNote: prayerRequests.answerNote,
          createdAt: prayerRequests.createdAt,
        })
        .from(prayerRequests)
        .where(theirPrayers)
        .orderBy(asc(prayerRequests.createdAt), asc(prayerRequests.id))
    : [];
  return { followUps: rows, followUpNotes: notes, pastoralVisits: visits, prayerRequests: prayers };
}

/**
 * Whether care holds anything under these addresses: someone known only by a follow-up or a
 * prayer request (the public prayer form) is a person whose data can be exported and erased.
 */
export async function hasCareData(executor: Executor, addresses: readonly string[]): Promise<boolean> {
  const emails = addresses.filter((address) => address.includes("@"));
  if (emails.length === 0) return false;
  const [row] = await executor
    .select({ found: sql<number>`1` })
    .from(followUps)
    .where(inArray(sql`lower(trim(${followUps.email}))`, emails))
    .unionAll(
      executor
        .select({ found: sql<number>`1` })
        .from(prayerRequests)
        .where(inArray(sql`lower(trim(${prayerRequests.email}))`, emails)),
    )
    .limit(1);
  return row !== undefined;
}

type CareData = Awaited<ReturnType<typeof careDataOf>>;

/**
 * The audit entries about the person's care rows, for the audit entries of their export and
 * erasure: an entry whose subject is one of them, or that names one in its details (`followUp`,
 * `visit`, `prayerRequest`: how care's entries point at what they are about).
 */
export function careAuditConditions(found: CareData): SQL[] {
  const followUpIds = found.followUps.map((row) => row.id);
  const visitIds = found.pastoralVisits.map((row) => row.id);
  const prayerIds = found.prayerRequests.map((row) => row.id);
  const all = [...followUpIds, ...visitIds, ...prayerIds];
  const named = (key: string, ids: string[]) =>
    ids.length > 0 ? [inArray(sql`${auditLog.details} ->> ${key}`, ids)] : [];
  return [
    ...(all.length > 0 ? [inArray(auditLog.subjectId, all)] : []),
    ...named("followUp", followUpIds),
    ...named("visit", visitIds),
    ...named("prayerRequest", prayerIds),
  ];
}

/**
 * Removes the follow-ups about the person (with their steps and notes), their visits and their
 * prayer requests.
 */
export async function forgetCareData(executor: Executor, found: CareData) {
  const ids = found.followUps.map((row) => row.id);
  if (ids.length > 0) await executor.delete(followUps).where(inArray(followUps.id, ids));
  const visits = found.pastoralVisits.map((row) => row.id);
  if (visits.length > 0) await executor.delete(pastoralVisits).where(inArray(pastoralVisits.id, visits));
  const prayers = found.prayerRequests.map((row) => row.id);
  if (prayers.length > 0) await executor.delete(prayerRequests).where(inArray(prayerRequests.id, prayers));
}

/** What the staff account taking an export may read of care's private texts. */
export interface CareReader {
  /** Pastors (pastoral:private): visits' private notes and private prayer requests. */
  pastoral: boolean;
  /** The prayer team (prayer:read): the requests shared with the team or in the digest. */
  prayer: boolean;
}

export const careReaderOf = (who: { access: Access }): CareReader => ({
  pastoral: can(who, "pastoral:private"),
  prayer: can(who, "prayer:read"),
});

export const WITHHELD_FOR_PASTORS = "Withheld: only a pastor's export holds it.";
export const WITHHELD_FOR_PRAYER_TEAM = "Withheld: only the prayer team's and pastors' exports hold it.";

/**
 * The care rows as a staff account's export shows them: a text it may not read on the screens (a
 * visit's private note, a prayer request it is not in the circle of) says it is withheld instead.
 * That the row exists, and its dates, stay. The person's own copy keeps everything.
 */
export function readableCareData<T extends CareData>(found: T, reader: CareReader): T {
  const mayRead = (visibility: string) => reader.pastoral || (visibility !== "private" && reader.prayer);
  return {
    ...found,
    pastoralVisits: found.pastoralVisits.map((visit) =>
      reader.pastoral || visit.privateNote === "" ? visit : { ...visit, privateNote: WITHHELD_FOR_PASTORS },
    ),
    prayerRequests: found.prayerRequests.map((prayer) => {
      if (mayRead(prayer.visibility)) return prayer;
      const withheld = prayer.visibility === "private" ? WITHHELD_FOR_PASTORS : WITHHELD_FOR_PRAYER_TEAM;
      return { ...prayer, request: withheld, answerNote: prayer.answerNote === "" ? "" : withheld };
    }),
  };
}
