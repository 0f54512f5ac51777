import { and, arrayContains, asc, eq, inArray, isNull, notExists, or, sql, type SQL } from "drizzle-orm";
import { members, rosterQualified } from "../../../database/schema";
import { isUuid } from "~/lib/ids";
import { fullName } from "~/lib/names";
import type { MinistryScope } from "../auth/ministry-scope.server";
import { AppError } from "../http/errors.server";
import { logChange } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { memberSearchCondition } from "../people/member-list-filter.server";
import {
  positionOfTeam,
  positionsOf,
  teamInScope,
  type PositionRow,
  type StaffActor,
  type TeamRow,
} from "./teams.server";

// Who can serve in each position of a team: members of the registry, the ministry's own people
// suggested first, anyone else found by name. Deleted members are left out everywhere.

export interface QualifiedPerson {
  id: string;
  name: string;
  /** In the team's ministry (or its head): the others were added from the whole registry. */
  inMinistry: boolean;
}

export interface TeamDetail extends TeamRow {
  positions: (PositionRow & { people: QualifiedPerson[] })[];
}

/** A person offered to add: their name, and the end of their mobile to tell two alike apart. */
export interface PersonToAdd {
  id: string;
  name: string;
  hint: string;
}

const nameColumns = {
  id: members.id,
  firstName: members.firstName,
  middleName: members.middleName,
  lastName: members.lastName,
  mobile: members.mobile,
};

/** Members of the ministry: in it, or its head. */
function ofMinistry(slug: string): SQL {
  return or(
    arrayContains(members.ministryInvolvement, [slug]),
    arrayContains(members.ministryRole, [`head:${slug}`]),
  )!;
}

const inMinistryColumn = (slug: string) => sql<boolean>`coalesce(${ofMinistry(slug)}, false)`;

/** The team with its positions in order, and the people qualified for each, by name. */
export async function getTeamDetail(scope: MinistryScope, teamId: string): Promise<TeamDetail> {
  const team = await teamInScope(scope, teamId);
  const positions = await positionsOf(teamId);
  const people =
    positions.length === 0
      ? []
      : await services()
          .db.select({
            positionId: rosterQualified.positionId,
            ...nameColumns,
            inMinistry: inMinistryColumn(team.ministrySlug),
          })
          .from(rosterQualified)
          .innerJoin(members, eq(members.id, rosterQualified.memberId))
          .where(
            and(
              inArray(
                rosterQualified.positionId,
                positions.map((position) => position.id),
              ),
              isNull(members.deletedAt),
            ),
          )
          .orderBy(asc(members.firstName), asc(members.lastName));
  return {
    ...team,
    positions: positions.map((position) => ({
      ...position,
      people: people
        .filter((row) => row.positionId === position.id)
        .map((row) => ({ id: row.id, name: fullName(row), inMinistry: row.inMinistry })),
    })),
  };
}

interface NameRow {
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  mobile: string;
}

const hintOf = (mobile: string) => {
  const digits = mobile.replace(/\D/g, "");
  return digits.length >= 3 ? `mobile ending ${digits.slice(-3)}` : "";
};

const notQualified = (positionId: string) =>
  notExists(
    services()
      .db.select({ one: sql`1` })
      .from(rosterQualified)
      .where(and(eq(rosterQualified.positionId, positionId), eq(rosterQualified.memberId, members.id))),
  );

/**
 * One position's people: who is qualified, the ministry's members who are not yet (suggested),
 * and, for a search, anyone else in the registry whose name, e-mail or mobile matches.
 */
export async function positionPeople(
  scope: MinistryScope,
  teamId: string,
  positionId: string,
  query: string,
) {
  const team = await getTeamDetail(scope, teamId);
  const position = team.positions.find((one) => one.id === positionId);
  if (!position) await positionOfTeam(teamId, positionId);
  const { db } = services();
  const toAdd = (rows: NameRow[]) =>
    rows.map((row) => ({ id: row.id, name: fullName(row), hint: hintOf(row.mobile) }));
  const read = (condition: SQL | undefined, limit: number) =>
    db
      .select(nameColumns)
      .from(members)
      .where(and(isNull(members.deletedAt), notQualified(positionId), condition))
      .orderBy(asc(members.firstName), asc(members.lastName))
      .limit(limit);
  const search = memberSearchCondition(query);
  const [suggested, found] = await Promise.all([
    read(ofMinistry(team.ministrySlug), 200),
    search ? read(search, 20) : Promise.resolve(null),
  ]);
  return {
    team,
    position: position!,
    suggested: toAdd(suggested),
    found: found ? toAdd(found) : null,
  };
}

/** Makes members qualified for a position; returns how many were new to it. */
export async function addQualified(
  actor: StaffActor,
  scope: MinistryScope,
  teamId: string,
  positionId: string,
  memberIds: string[],
): Promise<number> {
  const team = await teamInScope(scope, teamId);
  const position = await positionOfTeam(teamId, positionId);
  const wanted = [...new Set(memberIds.filter(isUuid))].slice(0, 200);
  if (wanted.length === 0) throw new AppError("Please tick the people to add.", 400, { field: "member" });
  return services().db.transaction(async (tx) => {
    const found = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(inArray(members.id, wanted), isNull(members.deletedAt)));
    if (found.length !== wanted.length)
      throw new AppError("Some of those people could not be found. Please search again.", 400, {
        field: "member",
      });
    const added = await tx
      .insert(rosterQualified)
      .values(found.map((member) => ({ positionId, memberId: member.id })))
      .onConflictDoNothing()
      .returning({ memberId: rosterQualified.memberId });
    if (added.length > 0)
      await logChange(tx, actor, "roster.qualified-added", {
        subject: { type: "roster-team", id: team.id, label: team.name },
        details: { position: position.name, people: added.length },
      });
    return added.length;
  });
}

/** Takes a member off a position's list (their seats stay until changed); false when they were not on it. */
export async function removeQualified(
  actor: StaffActor,
  scope: MinistryScope,
  teamId: string,
  positionId: string,
  memberId: string,
): Promise<boolean> {
  const team = await teamInScope(scope, teamId);
  const position = await positionOfTeam(teamId, positionId);
  if (!isUuid(memberId)) return false;
  return services().db.transaction(async (tx) => {
    const removed = await tx
      .delete(rosterQualified)
      .where(and(eq(rosterQualified.positionId, positionId), eq(rosterQualified.memberId, memberId)))
      .returning({ memberId: rosterQualified.memberId });
    if (removed.length === 0) return false;
    const [person] = await tx.select(nameColumns).from(members).where(eq(members.id, memberId));
    await logChange(tx, actor, "roster.qualified-removed", {
      subject: { type: "roster-team", id: team.id, label: team.name },
      details: { position: position.name, member: person ? fullName(person) : null },
    });
    return true;
  });
}

/** The ids of the positions' qualified members (not deleted), by position. */
export async function qualifiedByPosition(positionIds: string[]): Promise<Map<string, string[]>> {
  const byPosition = new Map<string, string[]>(positionIds.map((id) => [id, []]));
  if (positionIds.length === 0) return byPosition;
  const rows = await services()
    .db.select({ positionId: rosterQualified.positionId, memberId: rosterQualified.memberId })
    .from(rosterQualified)
    .innerJoin(members, eq(members.id, rosterQualified.memberId))
    .where(and(inArray(rosterQualified.positionId, positionIds), isNull(members.deletedAt)));
  for (const row of rows) byPosition.get(row.positionId)?.push(row.memberId);
  return byPosition;
}
