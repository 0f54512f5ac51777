import { and, desc, eq, exists, inArray, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import {
  groupMembers,
  groups,
  consents,
  emailUnsubscribes,
  eventRegistrations,
  members,
  ministryRegistrations,
  savedListMembers,
  type Audience,
  type AudiencePart,
} from "../../../database/schema";
import { fullName } from "~/lib/names";
import { AppError } from "../http/errors.server";
import type { MinistryScope } from "../auth/ministry-scope.server";
import { membersOfMinistries } from "../people/member-scope.server";
import { isSendableAddress } from "../messages/outbox.server";
import type { Executor } from "../platform/db.server";
import { services } from "../platform/services.server";

// Audiences (issue 35; ARCHITECTURE section 10): who an announcement reaches is a query over the
// registry, the event registrations and the ministry sign-ups, never a list copied around, and
// consent is decided here and nowhere else. A person is their address (trimmed, lower case).
//
// An address may receive announcements when it is a single plain address, has e-mail consent and
// has not unsubscribed since. Consent: for an address of the registry (a member not deleted), a
// current 'email' consent of a member with it; for anyone else, the answer of their newest
// sign-up or registration. An unsubscribe counts until a consent given after it.

export type Reachability = "reachable" | "noConsent" | "unsubscribed";

export interface AudiencePerson {
  /** The address (trimmed, lower case), or null when it is not one the outbox takes. */
  address: string | null;
  name: string;
  memberId: string | null;
  /** As typed on the person's record or form. */
  mobile: string;
}

export interface AudienceCount {
  people: number;
  reachable: number;
  noConsent: number;
  noAddress: number;
  unsubscribed: number;
}

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

const memberAddress = sql<string>`lower(trim(${members.email}))`;
/** A member's mobile with its country code ("+63 9171234567"), unless written in full already. */
const memberMobile = sql<string>`case when ${members.mobile} ~ '^[[:space:]]*([+]|00)' then ${members.mobile}
  else ${members.countryCode} || ' ' || ${members.mobile} end`;
const eventAddress = sql<string>`lower(trim(${eventRegistrations.email}))`;
const signUpAddress = sql<string>`lower(trim(${ministryRegistrations.email}))`;

/** The parts a limited role may use: those of its own ministries. Refuses any other (403). */
export function requireAudienceInScope(audience: Audience, scope: MinistryScope | undefined): void {
  if (!scope) return;
  for (const part of audience.parts) {
    const own = (part.kind === "ministry" || part.kind === "sign-ups") && scope.includes(part.slug);
    if (!own) {
      throw new AppError(
        "Your role sends announcements only to the people and sign-ups of your own ministries.",
        403,
        { field: "audience" },
      );
    }
  }
}

interface PartRow {
  address: string;
  id: string;
  firstName?: string;
  middleName?: string | null;
  lastName?: string;
  name?: string;
  memberId: string | null;
  mobile: string;
}

async function memberRows(executor: Executor, condition: SQL | undefined): Promise<PartRow[]> {
  return executor
    .select({
      address: memberAddress,
      id: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
      memberId: members.id,
      mobile: memberMobile,
    })
    .from(members)
    .where(and(isNull(members.deletedAt), eq(members.membershipStatus, "active"), condition));
}

/** Members of the group of this kind and name (issue 37: the member's group fields are groups). */
function membersOfGroupNamed(executor: Executor, kind: "bible-study" | "salt", name: string) {
  return inArray(
    members.id,
    executor
      .select({ id: groupMembers.memberId })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(and(eq(groups.kind, kind), sql`lower(${groups.name}) = lower(${name.trim()})`)),
  );
}

async function partRows(executor: Executor, part: AudiencePart): Promise<PartRow[]> {
  switch (part.kind) {
    case "all-members":
      return memberRows(executor, undefined);
    case "ministry":
      return memberRows(executor, membersOfMinistries([part.slug]));
    case "bible-study":
    case "salt":
      return memberRows(executor, membersOfGroupNamed(executor, part.kind, part.group));
    case "group":
      return memberRows(
        executor,
        inArray(
          members.id,
          executor
            .select({ id: groupMembers.memberId })
            .from(groupMembers)
            .where(eq(groupMembers.groupId, part.groupId)),
        ),
      );
    case "event": {
      const seats = part.statuses.filter((status) => status !== "checked-in");
      const wanted = [
        ...(seats.length > 0 ? [inArray(eventRegistrations.status, seats)] : []),
        ...(part.statuses.includes("checked-in")
          ? [and(isNotNull(eventRegistrations.checkedInAt), ne(eventRegistrations.status, "cancelled"))]
          : []),
      ];
      return executor
        .select({
          address: eventAddress,
          id: eventRegistrations.id,
          name: eventRegistrations.name,
          memberId: sql<string | null>`null`,
          mobile: eventRegistrations.mobile,
        })
        .from(eventRegistrations)
        .where(and(eq(eventRegistrations.eventId, part.eventId), or(...wanted)));
    }
    case "sign-ups":
      return executor
        .select({
          address: signUpAddress,
          id: ministryRegistrations.id,
          name: ministryRegistrations.name,
          memberId: sql<string | null>`null`,
          mobile: ministryRegistrations.mobile,
        })
        .from(ministryRegistrations)
        .where(eq(ministryRegistrations.ministrySlug, part.slug));
    case "list":
      return memberRows(
        executor,
        inArray(
          members.id,
          executor
            .select({ id: savedListMembers.memberId })
            .from(savedListMembers)
            .where(eq(savedListMembers.listId, part.listId)),
        ),
      );
    case "digest":
      return memberRows(
        executor,
        exists(
          executor
            .select({ id: consents.id })
            .from(consents)
            .where(
              and(
                eq(consents.memberId, members.id),
                eq(consents.kind, "digest"),
                isNull(consents.withdrawnAt),
              ),
            ),
        ),
      );
  }
}

/** Everyone in the audience, once per address (people without a usable address apart). */
export async function audiencePeople(executor: Executor, audience: Audience): Promise<AudiencePerson[]> {
  const sets: Map<string, AudiencePerson>[] = [];
  for (const part of audience.parts) {
    const set = new Map<string, AudiencePerson>();
    for (const row of await partRows(executor, part)) {
      const address = isSendableAddress(row.address) ? row.address : null;
      const key = address ?? `${row.memberId ? "member" : "row"}:${row.id}`;
      const name =
        row.name ??
        fullName({ firstName: row.firstName!, middleName: row.middleName, lastName: row.lastName! });
      const known = set.get(key);
      // A member's own row names the person better than a form's.
      if (!known || (!known.memberId && row.memberId))
        set.set(key, { address, name, memberId: row.memberId, mobile: row.mobile });
    }
    sets.push(set);
  }
  const [first, ...rest] = sets;
  if (!first) return [];
  if (audience.combine === "all") {
    return [...first.entries()]
      .filter(([key]) => rest.every((set) => set.has(key)))
      .map(([, person]) => person);
  }
  const union = new Map(first);
  for (const set of rest) {
    for (const [key, person] of set) {
      const known = union.get(key);
      if (!known || (!known.memberId && person.memberId)) union.set(key, person);
    }
  }
  return [...union.values()];
}

const CHUNK = 1000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const later = (a: Date | null | undefined, b: Date | null | undefined) =>
  !!a && !!b && a.getTime() >= b.getTime();

/**
 * Whether each address (trimmed, lower case) may receive announcements now: the one place consent
 * and unsubscribes are decided, read when an audience is counted and again just before each
 * e-mail is queued.
 */
export async function reachabilityOf(
  executor: Executor,
  addresses: string[],
): Promise<Map<string, Reachability>> {
  const result = new Map<string, Reachability>();
  const wanted = [...new Set(addresses)];
  for (const batch of chunks(wanted)) {
    const registry = await executor
      .select({ address: memberAddress, consentAt: sql<string | null>`max(${consents.givenAt})` })
      .from(members)
      .leftJoin(
        consents,
        and(eq(consents.memberId, members.id), eq(consents.kind, "email"), isNull(consents.withdrawnAt)),
      )
      .where(and(isNull(members.deletedAt), inArray(memberAddress, batch)))
      .groupBy(memberAddress);
    const unsubscribed = new Map(
      (
        await executor
          .select({ address: emailUnsubscribes.address, at: emailUnsubscribes.at })
          .from(emailUnsubscribes)
          .where(inArray(emailUnsubscribes.address, batch))
      ).map((row) => [row.address, row.at]),
    );
    const answers = new Map<string, { consent: boolean; at: Date | null }>();
    for (const row of registry) {
      const at = row.consentAt ? new Date(row.consentAt) : null;
      answers.set(row.address, { consent: at !== null, at });
    }
    // Outside the registry: the newest sign-up or registration's answer.
    const outside = batch.filter((address) => !answers.has(address));
    if (outside.length > 0) {
      const forms = [
        ...(await executor
          .select({
            address: eventAddress,
            consent: eventRegistrations.emailConsent,
            at: eventRegistrations.createdAt,
          })
          .from(eventRegistrations)
          .where(inArray(eventAddress, outside))
          .orderBy(desc(eventRegistrations.createdAt))),
        ...(await executor
          .select({
            address: signUpAddress,
            consent: ministryRegistrations.emailConsent,
            at: ministryRegistrations.createdAt,
          })
          .from(ministryRegistrations)
          .where(inArray(signUpAddress, outside))
          .orderBy(desc(ministryRegistrations.createdAt))),
      ];
      for (const row of forms) {
        const known = answers.get(row.address);
        if (!known || later(row.at, known.at)) answers.set(row.address, { consent: row.consent, at: row.at });
      }
    }
    for (const address of batch) {
      const answer = answers.get(address);
      const unsubscribedAt = unsubscribed.get(address);
      if (unsubscribedAt && (!answer?.consent || later(unsubscribedAt, answer.at)))
        result.set(address, "unsubscribed");
      else result.set(address, answer?.consent ? "reachable" : "noConsent");
    }
  }
  return result;
}

/** The audience's people with whether each may receive it now. */
export async function resolveAudience(
  executor: Executor,
  audience: Audience,
): Promise<(AudiencePerson & { reachability: Reachability | "noAddress" })[]> {
  const people = await audiencePeople(executor, audience);
  const reach = await reachabilityOf(
    executor,
    people.flatMap((person) => (person.address ? [person.address] : [])),
  );
  return people.map((person) => ({
    ...person,
    reachability: person.address ? (reach.get(person.address) ?? "noConsent") : "noAddress",
  }));
}

/** How many people the audience holds and how many of them an announcement would reach now. */
export async function countAudience(audience: Audience, scope?: MinistryScope): Promise<AudienceCount> {
  requireAudienceInScope(audience, scope);
  const people = await resolveAudience(services().db, audience);
  const count: AudienceCount = {
    people: people.length,
    reachable: 0,
    noConsent: 0,
    noAddress: 0,
    unsubscribed: 0,
  };
  for (const person of people) count[person.reachability]++;
  return count;
}
