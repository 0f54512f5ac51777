import { and, asc, count, countDistinct, eq, gte, inArray, isNull, max, sql } from "drizzle-orm";
import {
  members,
  rosterPositions,
  rosterQualified,
  rosterServices,
  rosterSlots,
  rosterTeams,
} from "../../../database/schema";
import { todayInChurchZone } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { positionSchema, ROSTER_LIMITS, teamSchema } from "~/schemas/roster";
import { requireInScope, slugInScope, type MinistryScope } from "../auth/ministry-scope.server";
import { AppError, notFound } from "../http/errors.server";
import { logChange, fieldChanges } from "../platform/change-log.server";
import type { Executor } from "../platform/db.server";
import { isUniqueViolation } from "../platform/db-errors.server";
import { services } from "../platform/services.server";
import { getSiteContent } from "../site/site-content.server";

// Serving rosters (issue 36): a ministry's teams and their positions. Every function takes the
// person's ministry scope: a team of a ministry outside it is not found (404), so a forged id
// learns nothing.

/** Who made a change (the signed-in person from the guard). */
export interface StaffActor {
  id: string;
  email: string;
}

export const TEAM_NOT_FOUND =
  "That team could not be found. It may have been deleted, or belong to a ministry you do not look after.";
const POSITION_NOT_FOUND = "That position could not be found. It may have been removed.";

export type TeamRow = typeof rosterTeams.$inferSelect;
export type PositionRow = typeof rosterPositions.$inferSelect;

export interface TeamSummary {
  id: string;
  name: string;
  ministrySlug: string;
  maxPerFourWeeks: number;
  positions: { id: string; name: string; weeklyNeed: number; people: number }[];
  /** Different people qualified for any of its positions. */
  people: number;
}

/** Reads a team in the scope, or refuses it as not found. */
export async function teamInScope(
  scope: MinistryScope,
  teamId: string,
  executor: Executor = services().db,
): Promise<TeamRow> {
  if (!isUuid(teamId)) throw notFound(TEAM_NOT_FOUND);
  const [team] = await executor.select().from(rosterTeams).where(eq(rosterTeams.id, teamId)).limit(1);
  if (!team) throw notFound(TEAM_NOT_FOUND);
  requireInScope(scope, team.ministrySlug, TEAM_NOT_FOUND);
  return team;
}

/** A position of `teamId`, or not found. */
export async function positionOfTeam(
  teamId: string,
  positionId: string,
  executor: Executor = services().db,
): Promise<PositionRow> {
  if (!isUuid(positionId)) throw notFound(POSITION_NOT_FOUND);
  const [position] = await executor
    .select()
    .from(rosterPositions)
    .where(and(eq(rosterPositions.id, positionId), eq(rosterPositions.teamId, teamId)))
    .limit(1);
  if (!position) throw notFound(POSITION_NOT_FOUND);
  return position;
}

/** A team's positions in their order. */
export async function positionsOf(
  teamId: string,
  executor: Executor = services().db,
): Promise<PositionRow[]> {
  return executor
    .select()
    .from(rosterPositions)
    .where(eq(rosterPositions.teamId, teamId))
    .orderBy(asc(rosterPositions.sortOrder), asc(sql`lower(${rosterPositions.name})`));
}

/** The teams in the scope, by ministry and name, with their positions and how many can serve. */
export async function listTeams(scope: MinistryScope): Promise<TeamSummary[]> {
  const { db } = services();
  const teams = await db
    .select()
    .from(rosterTeams)
    .where(slugInScope(rosterTeams.ministrySlug, scope))
    .orderBy(asc(rosterTeams.ministrySlug), asc(sql`lower(${rosterTeams.name})`));
  if (teams.length === 0) return [];
  const ids = teams.map((team) => team.id);
  const live = and(eq(members.id, rosterQualified.memberId), isNull(members.deletedAt));
  const [positions, people] = await Promise.all([
    db
      .select({
        id: rosterPositions.id,
        teamId: rosterPositions.teamId,
        name: rosterPositions.name,
        weeklyNeed: rosterPositions.weeklyNeed,
        people: count(members.id),
      })
      .from(rosterPositions)
      .leftJoin(rosterQualified, eq(rosterQualified.positionId, rosterPositions.id))
      .leftJoin(members, live)
      .where(inArray(rosterPositions.teamId, ids))
      .groupBy(rosterPositions.id)
      .orderBy(asc(rosterPositions.sortOrder), asc(sql`lower(${rosterPositions.name})`)),
    db
      .select({ teamId: rosterPositions.teamId, people: countDistinct(members.id) })
      .from(rosterPositions)
      .innerJoin(rosterQualified, eq(rosterQualified.positionId, rosterPositions.id))
      .innerJoin(members, live)
      .where(inArray(rosterPositions.teamId, ids))
      .groupBy(rosterPositions.teamId),
  ]);
  return teams.map((team) => ({
    id: team.id,
    name: team.name,
    ministrySlug: team.ministrySlug,
    maxPerFourWeeks: team.maxPerFourWeeks,
    positions: positions
      .filter((position) => position.teamId === team.id)
      .map(({ id, name, weeklyNeed, people: qualified }) => ({ id, name, weeklyNeed, people: qualified })),
    people: people.find((row) => row.teamId === team.id)?.people ?? 0,
  }));
}

/** The first problem of a form, as a refusal naming its field. */
function firstProblem(error: { issues: { path: PropertyKey[]; message: string }[] }): never {
  const issue = error.issues[0]!;
  throw new AppError(issue.message, 400, { field: String(issue.path[0] ?? "form") });
}

/** The team form, checked: a ministry of the site, and one the person looks after. */
async function readTeam(scope: MinistryScope, input: Record<string, unknown>) {
  const parsed = teamSchema.safeParse(input);
  if (!parsed.success) firstProblem(parsed.error);
  const { ministryBySlug } = await getSiteContent();
  if (!ministryBySlug(parsed.data.ministrySlug))
    throw new AppError("Please choose the ministry from the list.", 400, { field: "ministrySlug" });
  requireInScope(scope, parsed.data.ministrySlug);
  return parsed.data;
}

const TEAM_TAKEN = "This ministry already has a team with that name. Please choose another.";
const POSITION_TAKEN = "This team already has a position with that name. Please choose another.";

/** Turns the database's "already there" into the form's message on the name. */
async function naming<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(message, 409, { field: "name" });
    throw error;
  }
}

const teamSubject = (team: { id: string; name: string }) => ({
  type: "roster-team",
  id: team.id,
  label: team.name,
});

export async function createTeam(
  actor: StaffActor,
  scope: MinistryScope,
  input: Record<string, unknown>,
): Promise<string> {
  const values = await readTeam(scope, input);
  return naming(TEAM_TAKEN, () =>
    services().db.transaction(async (tx) => {
      const [team] = await tx.insert(rosterTeams).values(values).returning();
      await logChange(tx, actor, "roster.team-created", {
        subject: teamSubject(team!),
        details: { ministry: values.ministrySlug },
      });
      return team!.id;
    }),
  );
}

const TEAM_FIELDS = ["name", "ministrySlug", "maxPerFourWeeks", "reminderDays", "reminderHour"] as const;

/** The audit log's names of the fields the team and position forms change. */
const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  ministrySlug: "Ministry",
  maxPerFourWeeks: "Serves at most (times in 4 weeks)",
  reminderDays: "Reminder (days before)",
  reminderHour: "Reminder (hour)",
  weeklyNeed: "Needed each week",
};

const labelled = (changes: { field: string; from: unknown; to: unknown }[]) =>
  changes.map((change) => ({ ...change, label: FIELD_LABELS[change.field] ?? change.field }));

export async function updateTeam(
  actor: StaffActor,
  scope: MinistryScope,
  teamId: string,
  input: Record<string, unknown>,
): Promise<void> {
  const team = await teamInScope(scope, teamId);
  const values = await readTeam(scope, input);
  await naming(TEAM_TAKEN, () =>
    services().db.transaction(async (tx) => {
      await tx
        .update(rosterTeams)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(rosterTeams.id, teamId));
      const changes = labelled(fieldChanges(team, { ...team, ...values }, TEAM_FIELDS));
      if (changes.length > 0)
        await logChange(tx, actor, "roster.team-changed", {
          subject: teamSubject({ id: teamId, name: values.name }),
          details: { changes },
        });
    }),
  );
}

/** Upcoming seats of a team (today on), which deleting it or a position removes. */
async function upcomingSeats(positionIds: string[]): Promise<number> {
  if (positionIds.length === 0) return 0;
  const [row] = await services()
    .db.select({ n: count() })
    .from(rosterSlots)
    .innerJoin(rosterServices, eq(rosterServices.id, rosterSlots.serviceId))
    .where(
      and(inArray(rosterSlots.positionId, positionIds), gte(rosterServices.serviceDate, todayInChurchZone())),
    );
  return row?.n ?? 0;
}

/** What deleting a team takes with it, for the question before. */
export async function teamDeletionCounts(scope: MinistryScope, teamId: string) {
  await teamInScope(scope, teamId);
  const positions = await positionsOf(teamId);
  return { positions: positions.length, upcomingSeats: await upcomingSeats(positions.map((p) => p.id)) };
}

/** What removing a position takes with it, for the question before. */
export async function positionRemovalCounts(scope: MinistryScope, teamId: string, positionId: string) {
  await teamInScope(scope, teamId);
  const position = await positionOfTeam(teamId, positionId);
  return { id: position.id, name: position.name, upcomingSeats: await upcomingSeats([position.id]) };
}

/** Deletes a team with its positions, who is qualified and its seats; returns its name. */
export async function deleteTeam(actor: StaffActor, scope: MinistryScope, teamId: string): Promise<string> {
  const team = await teamInScope(scope, teamId);
  const counts = await teamDeletionCounts(scope, teamId);
  await services().db.transaction(async (tx) => {
    await tx.delete(rosterTeams).where(eq(rosterTeams.id, teamId));
    await logChange(tx, actor, "roster.team-deleted", { subject: teamSubject(team), details: counts });
  });
  return team.name;
}

export async function addPosition(
  actor: StaffActor,
  scope: MinistryScope,
  teamId: string,
  input: Record<string, unknown>,
): Promise<string> {
  const team = await teamInScope(scope, teamId);
  const parsed = positionSchema.safeParse(input);
  if (!parsed.success) firstProblem(parsed.error);
  return naming(POSITION_TAKEN, () =>
    services().db.transaction(async (tx) => {
      const [last] = await tx
        .select({ n: count(), top: max(rosterPositions.sortOrder) })
        .from(rosterPositions)
        .where(eq(rosterPositions.teamId, teamId));
      if ((last?.n ?? 0) >= ROSTER_LIMITS.positionsPerTeam)
        throw new AppError(`A team can have at most ${ROSTER_LIMITS.positionsPerTeam} positions.`, 400, {
          field: "name",
        });
      const [position] = await tx
        .insert(rosterPositions)
        .values({ teamId, ...parsed.data, sortOrder: (last?.top ?? -1) + 1 })
        .returning({ id: rosterPositions.id });
      await logChange(tx, actor, "roster.position-added", {
        subject: teamSubject(team),
        details: { position: parsed.data.name, weeklyNeed: parsed.data.weeklyNeed },
      });
      return position!.id;
    }),
  );
}

export async function updatePosition(
  actor: StaffActor,
  scope: MinistryScope,
  teamId: string,
  positionId: string,
  input: Record<string, unknown>,
): Promise<void> {
  const team = await teamInScope(scope, teamId);
  const position = await positionOfTeam(teamId, positionId);
  const parsed = positionSchema.safeParse(input);
  if (!parsed.success) firstProblem(parsed.error);
  await naming(POSITION_TAKEN, () =>
    services().db.transaction(async (tx) => {
      await tx.update(rosterPositions).set(parsed.data).where(eq(rosterPositions.id, positionId));
      const changes = labelled(
        fieldChanges(position, { ...position, ...parsed.data }, ["name", "weeklyNeed"]),
      );
      if (changes.length > 0)
        await logChange(tx, actor, "roster.position-changed", {
          subject: teamSubject(team),
          details: { position: parsed.data.name, changes },
        });
    }),
  );
}

/** Moves a position one place up or down the team's order. */
export async function movePosition(
  actor: StaffActor,
  scope: MinistryScope,
  teamId: string,
  positionId: string,
  direction: "up" | "down",
): Promise<void> {
  const team = await teamInScope(scope, teamId);
  const position = await positionOfTeam(teamId, positionId);
  await services().db.transaction(async (tx) => {
    const order = (await positionsOf(teamId, tx)).map((one) => one.id);
    const at = order.indexOf(positionId);
    const to = direction === "up" ? at - 1 : at + 1;
    if (at < 0 || to < 0 || to >= order.length) return;
    [order[at], order[to]] = [order[to]!, order[at]!];
    // One statement renumbers them all 0..n-1 in the new order.
    const cases = sql.join(
      order.map((id, index) => sql`when ${id}::uuid then ${index}::integer`),
      sql` `,
    );
    await tx
      .update(rosterPositions)
      .set({ sortOrder: sql`case ${rosterPositions.id} ${cases} end` })
      .where(eq(rosterPositions.teamId, teamId));
    await logChange(tx, actor, "roster.position-moved", {
      subject: teamSubject(team),
      details: { position: position.name, direction },
    });
  });
}

/** Removes a position with who is qualified and its seats; returns its name and the upcoming seats gone. */
export async function removePosition(
  actor: StaffActor,
  scope: MinistryScope,
  teamId: string,
  positionId: string,
): Promise<{ name: string; upcomingSeats: number }> {
  const team = await teamInScope(scope, teamId);
  const position = await positionOfTeam(teamId, positionId);
  const seats = await upcomingSeats([positionId]);
  await services().db.transaction(async (tx) => {
    await tx.delete(rosterPositions).where(eq(rosterPositions.id, positionId));
    await logChange(tx, actor, "roster.position-removed", {
      subject: teamSubject(team),
      details: { position: position.name, upcomingSeats: seats },
    });
  });
  return { name: position.name, upcomingSeats: seats };
}
