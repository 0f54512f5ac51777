import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { PgTable } from "drizzle-orm/pg-core";
import * as schema from "../../../database/schema";
import type { DatabaseHandle } from "./db.server";
import type { FileStore } from "./storage.server";

// Moving up: an embedded install's rows go into PostgreSQL (same ids) and its files into the
// target store, then both are compared row for row and file for file.

/**
 * Parents before children, so every foreign key finds its row. Every table but the rate-limit
 * counters (which only live for minutes); a test checks that none is missing.
 */
const TABLES: [string, PgTable][] = [
  ["staff_roles", schema.staffRoles],
  // An account may name its member (users.member_id), so the registry comes before the accounts.
  ["member_imports", schema.memberImports],
  ["members", schema.members],
  ["users", schema.users],
  ["accounts", schema.accounts],
  ["sessions", schema.sessions],
  ["verifications", schema.verifications],
  ["two_factors", schema.twoFactors],
  ["settings", schema.settings],
  ["site_sections", schema.siteSections],
  ["site_section_revisions", schema.siteSectionRevisions],
  ["consents", schema.consents],
  ["member_update_links", schema.memberUpdateLinks],
  ["member_update_requests", schema.memberUpdateRequests],
  ["form_submissions", schema.formSubmissions],
  ["visitors", schema.visitors],
  ["documents", schema.documents],
  ["sermon_series", schema.sermonSeries],
  ["sermons", schema.sermons],
  ["ministry_videos", schema.ministryVideos],
  ["ministry_images", schema.ministryImages],
  ["event_series", schema.eventSeries],
  ["events", schema.events],
  ["ministry_registrations", schema.ministryRegistrations],
  ["event_registrations", schema.eventRegistrations],
  ["outbox_emails", schema.outboxEmails],
  ["inbox_items", schema.inboxItems],
  ["inbox_replies", schema.inboxReplies],
  ["notification_preferences", schema.notificationPreferences],
  ["signed_links", schema.signedLinks],
  ["email_unsubscribes", schema.emailUnsubscribes],
  ["announcements", schema.announcements],
  ["announcement_recipients", schema.announcementRecipients],
  ["saved_lists", schema.savedLists],
  ["saved_list_members", schema.savedListMembers],
  ["roster_teams", schema.rosterTeams],
  ["roster_positions", schema.rosterPositions],
  ["roster_qualified", schema.rosterQualified],
  ["roster_services", schema.rosterServices],
  ["roster_needs", schema.rosterNeeds],
  ["roster_slots", schema.rosterSlots],
  ["roster_blockouts", schema.rosterBlockouts],
  ["groups", schema.groups],
  ["group_members", schema.groupMembers],
  ["group_meetings", schema.groupMeetings],
  ["group_attendance", schema.groupAttendance],
  ["group_join_requests", schema.groupJoinRequests],
  ["headcounts", schema.headcounts],
  ["care_workflows", schema.careWorkflows],
  ["care_workflow_steps", schema.careWorkflowSteps],
  ["follow_ups", schema.followUps],
  ["follow_up_steps", schema.followUpSteps],
  ["follow_up_notes", schema.followUpNotes],
  ["follow_up_digests", schema.followUpDigests],
  ["prayer_requests", schema.prayerRequests],
  ["pastoral_visits", schema.pastoralVisits],
  ["audit_log", schema.auditLog],
];

/** Tables a migration fills with a first version (the New visitor workflow): replaced, not refused. */
const SEEDED_BY_MIGRATIONS = new Set(["care_workflows", "care_workflow_steps"]);

export interface MoveReport {
  tables: { name: string; rows: number }[];
  files: number;
}

async function readAll(handle: DatabaseHandle, table: PgTable) {
  return (await handle.db.select().from(table)) as Record<string, unknown>[];
}

/** A digest of a table's rows in id order, equal only when every row is equal. */
function digest(rows: Record<string, unknown>[]) {
  const keyOf = (row: Record<string, unknown>) =>
    String(row.id ?? row.key ?? row.ministrySlug ?? row.userId ?? row.address);
  const sorted = [...rows].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
  return crypto.createHash("sha256").update(JSON.stringify(sorted)).digest("hex");
}

function listFiles(root: string, prefix = ""): string[] {
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(path.join(root, prefix), { withFileTypes: true }).flatMap((entry) => {
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return listFiles(root, name);
    return entry.name.endsWith(".part") ? [] : [name];
  });
}

export async function moveToPostgres(options: {
  source: DatabaseHandle;
  target: DatabaseHandle;
  /** The embedded install's uploads folder. */
  uploadsDir: string;
  /** Where the files go (an S3 store); null keeps them in the uploads folder. */
  targetStore: FileStore | null;
  log?: (message: string) => void;
}): Promise<MoveReport> {
  const { source, target, log = () => {} } = options;
  for (const [name, table] of TABLES) {
    if (SEEDED_BY_MIGRATIONS.has(name)) continue;
    if ((await target.db.select().from(table).limit(1)).length > 0) {
      throw new Error(`The target database is not empty (table ${name} has rows). Give an empty database.`);
    }
  }

  const report: MoveReport = { tables: [], files: 0 };
  await target.db.transaction(async (tx) => {
    // What the migrations wrote into the new database gives way to the install's own (children first).
    for (const [name, table] of [...TABLES].reverse()) {
      if (SEEDED_BY_MIGRATIONS.has(name)) await tx.delete(table);
    }
    for (const [name, table] of TABLES) {
      const rows = await readAll(source, table);
      for (let i = 0; i < rows.length; i += 500)
        await tx.insert(table).values(rows.slice(i, i + 500) as never);
      report.tables.push({ name, rows: rows.length });
      log(`${name}: ${rows.length} rows`);
    }
  });

  for (const [name, table] of TABLES) {
    const [before, after] = await Promise.all([readAll(source, table), readAll(target, table)]);
    if (before.length !== after.length || digest(before) !== digest(after)) {
      throw new Error(`Verification failed for ${name}: the copy differs from the original.`);
    }
  }

  if (options.targetStore) {
    const store = options.targetStore;
    for (const name of listFiles(options.uploadsDir)) {
      const bytes = fs.readFileSync(path.join(options.uploadsDir, name));
      await store.put(name, bytes);
      const copy = Buffer.concat(await store.read(name).toArray());
      if (!copy.equals(bytes)) throw new Error(`Verification failed for the file ${name}.`);
      report.files++;
    }
    log(`files: ${report.files} copied and compared`);
  }
  return report;
}
