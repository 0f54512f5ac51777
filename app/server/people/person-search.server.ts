import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { desc, inArray, or, sql } from "drizzle-orm";
import {
  eventRegistrations,
  followUps,
  members,
  ministryRegistrations,
  prayerRequests,
  visitors,
} from "../../../database/schema";
import { fullName } from "~/lib/names";
import { services } from "../platform/services.server";
import { emailLikeness, likenessOf, mobileOf, mobileVariants, normalEmail } from "./person-matching.server";

// Finding anyone the site holds data about, by e-mail or mobile (Data Requests, issue 33).

const MAX_FOUND = 50;

/** The members whose e-mail is this address (a family may share one), for the person's screens. */
export async function membersWithAddress(
  email: string,
): Promise<{ id: string; name: string; deleted: boolean }[]> {
  const rows = await services()
    .db.select({
      id: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
      deletedAt: members.deletedAt,
    })
    .from(members)
    .where(sql`lower(trim(${members.email})) = ${normalEmail(email)}`)
    .orderBy(members.lastName, members.firstName, members.id)
    .limit(MAX_FOUND);
  return rows.map((row) => ({ id: row.id, name: fullName(row), deleted: row.deletedAt !== null }));
}

// ---------------------------------------------------------------------------------------------
// Finding a person (members, connect messages, sign-ups, registrations, care) by e-mail or mobile
// ---------------------------------------------------------------------------------------------

/** What an address may have sent or be named on: the kinds a found address counts. */
export const ADDRESS_KINDS = [
  "connectMessages",
  "ministryRegistrations",
  "eventRegistrations",
  "followUps",
  "prayerRequests",
] as const;
type AddressKind = (typeof ADDRESS_KINDS)[number];

export interface FoundAddress {
  email: string;
  names: string[];
  counts: Record<AddressKind, number>;
  lastAt: Date;
}

export interface FoundMember {
  id: string;
  name: string;
  email: string;
  mobile: string;
  deleted: boolean;
}

export type PeopleSearch =
  | { state: "empty" | "unclear" }
  | { state: "found"; by: "email" | "mobile"; members: FoundMember[]; addresses: FoundAddress[] };

/**
 * Everyone whose rows carry this e-mail (or a similar one) or this mobile: the members, and the
 * addresses that sent connect messages, sign-ups and registrations. Each address is a person of
 * its own: two addresses that share a mobile stay two people until staff say otherwise.
 */
export async function findPeople(query: string): Promise<PeopleSearch> {
  const text = query.trim();
  if (!text) return { state: "empty" };
  const byEmail = text.includes("@");
  const mobiles = byEmail ? [] : mobileVariants(text);
  if (!byEmail && (mobiles.length === 0 || /[a-z]/i.test(text))) return { state: "unclear" };
  const address = normalEmail(text);
  const likeness = emailLikeness(text);
  const matching = (columns: { email: AnyPgColumn; mobile: AnyPgColumn }) =>
    byEmail
      ? or(sql`lower(trim(${columns.email})) = ${address}`, sql`${likenessOf(columns.email)} = ${likeness}`)!
      : inArray(mobileOf(columns.mobile), mobiles);
  const { db } = services();
  const memberRows = await db
    .select({
      id: members.id,
      firstName: members.firstName,
      middleName: members.middleName,
      lastName: members.lastName,
      email: members.email,
      mobile: members.mobile,
      countryCode: members.countryCode,
      deletedAt: members.deletedAt,
    })
    .from(members)
    .where(
      byEmail
        ? matching(members)
        : or(
            inArray(mobileOf(members.mobile), mobiles),
            inArray(
              sql`regexp_replace(${members.countryCode}, '[^0-9]', '', 'g') || ${mobileOf(members.mobile)}`,
              mobiles,
            ),
          ),
    )
    .orderBy(members.lastName, members.firstName, members.id)
    .limit(MAX_FOUND);
  const rowsOf = async (
    table:
      | typeof visitors
      | typeof ministryRegistrations
      | typeof eventRegistrations
      | typeof followUps
      | typeof prayerRequests,
    kind: keyof FoundAddress["counts"],
  ) =>
    (
      await db
        .select({ email: table.email, name: table.name, createdAt: table.createdAt })
        .from(table)
        .where(matching(table))
        .orderBy(desc(table.createdAt))
        .limit(500)
    ).map((row) => ({ ...row, kind }));
  const rows = [
    ...(await rowsOf(visitors, "connectMessages")),
    ...(await rowsOf(ministryRegistrations, "ministryRegistrations")),
    ...(await rowsOf(eventRegistrations, "eventRegistrations")),
    // Someone known only to care (issue 38): a follow-up about them, or a prayer request they sent.
    ...(await rowsOf(followUps, "followUps")),
    ...(await rowsOf(prayerRequests, "prayerRequests")),
  ];
  const byAddress = new Map<string, FoundAddress>();
  for (const row of rows) {
    const email = normalEmail(row.email);
    const found = byAddress.get(email) ?? {
      email,
      names: [],
      counts: Object.fromEntries(ADDRESS_KINDS.map((kind) => [kind, 0])) as FoundAddress["counts"],
      lastAt: row.createdAt,
    };
    // A prayer request may come without a name.
    if (row.name.trim() && !found.names.includes(row.name.trim())) found.names.push(row.name.trim());
    found.counts[row.kind] += 1;
    if (row.createdAt > found.lastAt) found.lastAt = row.createdAt;
    byAddress.set(email, found);
  }
  // The address searched for first, then the most recent.
  const addresses = [...byAddress.values()]
    .sort(
      (a, b) =>
        Number(b.email === address) - Number(a.email === address) || b.lastAt.getTime() - a.lastAt.getTime(),
    )
    .slice(0, MAX_FOUND);
  return {
    state: "found",
    by: byEmail ? "email" : "mobile",
    members: memberRows.map((row) => ({
      id: row.id,
      name: fullName(row),
      email: row.email,
      mobile: row.mobile,
      deleted: row.deletedAt !== null,
    })),
    addresses,
  };
}
