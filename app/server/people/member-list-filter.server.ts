import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { members } from "../../../database/schema";
import { addDays, startOfDayInChurchZone, todayInChurchZone } from "~/lib/dates";
import type { MemberListFilter } from "~/lib/member-list-filter";
import { membersOfMinistries } from "./member-scope.server";

// The membership list's search and filters as query conditions (listMembers reads with them).

/** LIKE patterns treat % and _ as wildcards; a search for them should find them. */
function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Every word of a search, in the fields the membership list searches. */
export function memberSearchCondition(query: string): SQL | undefined {
  const words = query.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return undefined;
  // Every word must match a name part, the e-mail or the mobile number ("ana cruz" finds Ana Cruz).
  // search_text holds those fields lower-cased; lower() on the word too makes this ilike.
  return and(...words.map((word) => sql`${members.searchText} like lower(${likePattern(word)})`));
}

/** The first moments of this calendar month and the next, on the church's clock. */
export function thisMonthInChurchZone(now: Date = new Date()): { from: Date; to: Date } {
  const today = todayInChurchZone(now);
  const first = `${today.slice(0, 8)}01`;
  // Day 32 of any month is in the next one; its first day starts the next month.
  const next = `${addDays(first, 32).slice(0, 8)}01`;
  return { from: startOfDayInChurchZone(first), to: startOfDayInChurchZone(next) };
}

/** The filters chosen on the list (a ministry's filter narrows within any scope, never past it). */
export function memberFilterCondition(filter: MemberListFilter, now: Date): SQL | undefined {
  const month = filter.joined === "this-month" ? thisMonthInChurchZone(now) : null;
  return and(
    filter.status ? eq(members.membershipStatus, filter.status) : undefined,
    filter.check === "duplicates" ? eq(members.possibleDuplicate, true) : undefined,
    month ? and(gte(members.createdAt, month.from), lt(members.createdAt, month.to)) : undefined,
    filter.ministry ? membersOfMinistries([filter.ministry]) : undefined,
  );
}
