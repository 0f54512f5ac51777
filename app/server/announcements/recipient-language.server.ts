import { and, desc, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { eventRegistrations, members, ministryRegistrations } from "../../../database/schema";
import { isLocale, type Locale } from "~/lib/i18n";
import type { Executor } from "../platform/db.server";

// The language an announcement's frame is written in for one address (issue 39): a person is
// their address (audiences.server.ts), so their language is that of a member with it (the
// registry first), else of their newest ministry sign-up or event registration; English when the
// address is known nowhere (a staff member's test).

export async function languageOfAddress(executor: Executor, address: string): Promise<Locale> {
  const email = address.trim().toLowerCase();
  const same = (column: AnyPgColumn) => sql`lower(trim(${column})) = ${email}`;
  const [member] = await executor
    .select({ language: members.language })
    .from(members)
    .where(and(isNull(members.deletedAt), same(members.email)))
    .orderBy(desc(members.createdAt))
    .limit(1);
  if (member) return member.language;
  const [signUp] = await executor
    .select({ language: ministryRegistrations.language, at: ministryRegistrations.createdAt })
    .from(ministryRegistrations)
    .where(same(ministryRegistrations.email))
    .orderBy(desc(ministryRegistrations.createdAt))
    .limit(1);
  const [registration] = await executor
    .select({ language: eventRegistrations.language, at: eventRegistrations.createdAt })
    .from(eventRegistrations)
    .where(same(eventRegistrations.email))
    .orderBy(desc(eventRegistrations.createdAt))
    .limit(1);
  const newest = [signUp, registration]
    .filter((row) => row !== undefined)
    .sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime())[0];
  return isLocale(newest?.language) ? newest.language : "en";
}
