import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  eventRegistrations,
  groupJoinRequests,
  ministryRegistrations,
  settings,
  visitors,
} from "../../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { services } from "../platform/services.server";
import { getSiteContent } from "../site/site-content.server";
import { renderEmail } from "./email-layout.server";
import { effectivePreferences, wantsToHear } from "./notification-preferences.server";
import { queueEmail } from "./outbox.server";

// The daily digest: staff who chose it get one e-mail a day, after 07:00 in Bahrain, listing the
// messages of the day before that they asked to hear about (none when nothing came in). Each
// account's digest is claimed by moving its `digest_through:{user}` setting forward in the same
// transaction that queues it, so two servers never send the same digest.

export const DIGEST_HOUR = 7;
const MAX_LINES = 50;

/** The latest 07:00 in Bahrain (UTC+3) at or before `now`. */
export function digestCutoff(now: Date): Date {
  const today = todayInChurchZone(now);
  const at = (day: string) => new Date(`${day}T${String(DIGEST_HOUR).padStart(2, "0")}:00:00+03:00`);
  return at(today) <= now ? at(today) : at(addDays(today, -1));
}

interface DigestLine {
  at: Date;
  kind: "connect" | "ministry" | "event";
  ministrySlug?: string;
  text: string;
}

async function linesBetween(from: Date, to: Date): Promise<DigestLine[]> {
  const { db } = services();
  const content = await getSiteContent();
  const window = (column: AnyPgColumn) => and(gt(column, from), lte(column, to));
  const [messages, signUps, registrations, joinRequests] = await Promise.all([
    db.select().from(visitors).where(window(visitors.createdAt)).orderBy(asc(visitors.createdAt)),
    db
      .select()
      .from(ministryRegistrations)
      .where(window(ministryRegistrations.createdAt))
      .orderBy(asc(ministryRegistrations.createdAt)),
    db
      .select()
      .from(eventRegistrations)
      .where(window(eventRegistrations.createdAt))
      .orderBy(asc(eventRegistrations.createdAt)),
    db
      .select()
      .from(groupJoinRequests)
      .where(window(groupJoinRequests.createdAt))
      .orderBy(asc(groupJoinRequests.createdAt)),
  ]);
  const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();
  return [
    ...messages.map((row) => ({
      at: row.createdAt,
      kind: "connect" as const,
      text: `Message from ${oneLine(row.name)}: ${oneLine(row.message).slice(0, 120)}`,
    })),
    ...signUps.map((row) => ({
      at: row.createdAt,
      kind: "ministry" as const,
      ministrySlug: row.ministrySlug,
      text: `${oneLine(row.name)} signed up for ${content.ministryBySlug(row.ministrySlug)?.name ?? row.ministrySlug}`,
    })),
    ...registrations.map((row) => ({
      at: row.createdAt,
      kind: "event" as const,
      text: `${oneLine(row.name)} registered for ${oneLine(row.eventTitle)}`,
    })),
    // Asks to join a group (issue 37) reach those who hear of messages, as their e-mail does.
    ...joinRequests.map((row) => ({
      at: row.createdAt,
      kind: "connect" as const,
      text: `${oneLine(row.name)} asked to join ${oneLine(row.groupName)}`,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** Queues the digests that are due at `now`; returns how many were queued. */
export async function queueDueDigests(origin: string, now = new Date()): Promise<number> {
  const { db } = services();
  const cutoff = digestCutoff(now);
  const staff = (await effectivePreferences(db)).filter((person) => person.frequency === "daily");
  if (staff.length === 0) return 0;
  const content = await getSiteContent();
  const dayBefore = new Date(cutoff.getTime() - 24 * 3600_000);
  let queued = 0;
  for (const person of staff) {
    const key = `digest_through:${person.userId}`;
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
    const through = row ? new Date(String(row.value)) : dayBefore;
    if (through >= cutoff) continue;
    // Read outside the transaction: the embedded database runs one transaction at a time.
    const lines = (await linesBetween(through < dayBefore ? dayBefore : through, cutoff)).filter((line) =>
      wantsToHear(person, line.kind, line.ministrySlug),
    );
    const sent = await db.transaction(async (tx) => {
      // Claim the day: only the transaction that moves the mark forward queues the digest (another
      // server's claim makes this one update nothing).
      const claimed = await tx
        .insert(settings)
        .values({ key, value: cutoff.toISOString() })
        .onConflictDoUpdate({
          target: settings.key,
          set: { value: cutoff.toISOString(), updatedAt: new Date() },
          setWhere: sql`(${settings.value} #>> '{}') < ${cutoff.toISOString()}`,
        })
        .returning({ key: settings.key });
      if (claimed.length === 0 || lines.length === 0) return false;
      const shown = lines.slice(0, MAX_LINES).map((line) => `• ${line.text}`);
      if (lines.length > MAX_LINES) shown.push(`… and ${lines.length - MAX_LINES} more.`);
      const count = lines.length === 1 ? "1 new message" : `${lines.length} new messages`;
      await queueEmail(tx, {
        kind: "digest",
        to: person.email,
        ...renderEmail(content, `${count} for ${content.church.shortName}`, {
          heading: `Since yesterday: ${count}`,
          paragraphs: [shown.join("\n")],
          action: { label: "Open the inbox", href: `${origin}/members/messages` },
        }),
      });
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}
