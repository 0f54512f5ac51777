import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { and, inArray, not, or, sql, type SQL } from "drizzle-orm";

// How a person's rows are matched (issue 33): by their address (trimmed, any case); rows that only
// share a mobile number or look like the address are possible matches, never theirs by default.

/** An address as the person's rows are matched by it: trimmed, lower case. */
export function normalEmail(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * What makes two addresses look alike: the dots and a "+tag" of the part before the @ aside, and
 * googlemail.com read as gmail.com ("ana.q+church@gmail.com" looks like "anaq@googlemail.com").
 * Alike is not the same: a row with a similar address is only a possible match.
 */
export function emailLikeness(address: string): string {
  const [local = "", domain = ""] = normalEmail(address).split("@");
  const plainDomain = domain === "googlemail.com" ? "gmail.com" : domain;
  return `${local.split("+")[0]!.replace(/\./g, "")}@${plainDomain}`;
}

/** emailLikeness in SQL, for a column. */
export function likenessOf(column: AnyPgColumn): SQL {
  const address = sql`lower(trim(${column}))`;
  return sql`replace(split_part(split_part(${address}, '@', 1), '+', 1), '.', '') || '@' || replace(split_part(${address}, '@', 2), 'googlemail.com', 'gmail.com')`;
}

/**
 * The ways a mobile number may be written, as digits without leading zeros: "+973 3311 2233",
 * "00973 33112233" and "3311-2233" are one number (the church is in Bahrain: 973 in front or not).
 * `countryCode` is a member's (their mobile is stored without it). Fewer than six digits would
 * match strangers' numbers.
 */
export function mobileVariants(mobile: string, countryCode = ""): string[] {
  const local = mobile.replace(/\D/g, "").replace(/^0+/, "");
  const country = countryCode.replace(/\D/g, "");
  const variants = new Set([local]);
  if (country && !mobile.trim().startsWith("+") && !local.startsWith(country))
    variants.add(`${country}${local}`);
  if (local.startsWith("973") && local.length === 11) variants.add(local.slice(3));
  if (local.length === 8) variants.add(`973${local}`);
  return [...variants].filter((digits) => digits.length >= 6);
}

/** A column's mobile as digits without leading zeros, in SQL. */
export function mobileOf(column: AnyPgColumn): SQL {
  return sql`ltrim(regexp_replace(${column}, '[^0-9]', '', 'g'), '0')`;
}

export function withAddress(column: AnyPgColumn, addresses: string[]): SQL {
  return addresses.length > 0 ? inArray(sql`lower(trim(${column}))`, addresses) : sql`false`;
}

/** Rows that share a mobile or look alike in their address, without carrying the person's address. */
export function possiblyTheirs(
  columns: { email: AnyPgColumn; mobile: AnyPgColumn },
  addresses: string[],
  mobiles: string[],
): SQL {
  const likeness = [...new Set(addresses.map(emailLikeness))];
  return and(
    addresses.length > 0 ? not(withAddress(columns.email, addresses)) : undefined,
    or(
      mobiles.length > 0 ? inArray(mobileOf(columns.mobile), mobiles) : sql`false`,
      likeness.length > 0 ? inArray(likenessOf(columns.email), likeness) : sql`false`,
    ),
  )!;
}

/**
 * A regular expression that finds the address as a whole in a text: "ana@example.org" is not
 * found in "diana@example.org" or "ana@example.org.uk".
 */
export function mentionPattern(address: string): string {
  const escaped = address.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return `(^|[^a-z0-9._%+-])${escaped}($|[^a-z0-9_.-]|\\.($|[^a-z0-9]))`;
}
