import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  eventRegistrations,
  members,
  ministryRegistrations,
  staffRoles,
  users,
} from "../../database/schema";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "~/server/platform/db.server";
import { moveToPostgres } from "~/server/platform/move-to-postgres.server";
import { seedDemoContent } from "~/server/content/seed.server";
import { createS3FileStore } from "~/server/platform/storage.server";
import { startS3Server } from "../helpers/s3";
import {
  createTestDatabase,
  databaseKinds,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// The real move goes to PostgreSQL (with TEST_DATABASE_URL); the same copy and checks also run
// into a second PGlite database, so the suite always exercises them.
describe.each(databaseKinds)("moving an embedded install into %s and S3", (kind) => {
  let t: TestServices;
  let target: DatabaseHandle;
  let dropTarget: () => Promise<void>;
  let s3: Awaited<ReturnType<typeof startS3Server>>;

  beforeAll(async () => {
    t = await startTestServices("pglite");
    await seedDemoContent();
    await signInCookie(); // a session row to carry over
    const [event] = await t.services.database.query<{ id: string; title: string }>(
      "select id, title from events limit 1",
    );
    const [ana] = await t.services.db
      .insert(members)
      .values({
        firstName: "Ana",
        lastName: "Cruz",
        email: "ana@example.org",
        mobile: "1",
        children: [{ name: "Ben", birthday: "2020-02-29", gender: "Male" }],
        ministryInvolvement: ["TEE"],
      })
      .returning();
    // The administrator in a role of the church's own, linked to their member record: the copy
    // must bring the role and put the registry in before the accounts that name it.
    const [role] = await t.services.db
      .insert(staffRoles)
      .values({ name: "Office and registry", levels: { members: "edit", staff: "edit" } })
      .returning();
    await t.services.db.update(users).set({ role: role!.id, memberId: ana!.id, ministries: ["tee"] });
    await t.services.db
      .insert(ministryRegistrations)
      .values({ ministrySlug: "tee", name: "N", email: "n@example.org", mobile: "1" });
    await t.services.db.insert(eventRegistrations).values({
      eventId: event!.id,
      eventTitle: event!.title,
      name: "M",
      email: "m@example.org",
      mobile: "1",
    });
    await t.services.db.insert(auditLog).values({
      actorLabel: "admin@test.local",
      ip: "203.0.113.5",
      action: "member.updated",
      subjectType: "member",
      subjectLabel: "Ana Cruz",
      details: { changes: [{ field: "children", from: [], to: [{ name: "Ben", birthday: "2020-02-29" }] }] },
    });
    const database = await createTestDatabase(kind);
    target = await openDatabase(database.options);
    await migrateDatabase(target);
    dropTarget = async () => {
      await target.close();
      await database.drop();
    };
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await dropTarget();
    await s3.stop();
    await t.stop();
  });

  it("copies every row and file, verified, and refuses a target that is not empty", async () => {
    const store = await createS3FileStore({
      bucket: s3.bucket,
      endpoint: s3.env.S3_ENDPOINT,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });
    const report = await moveToPostgres({
      source: t.services.database,
      target,
      uploadsDir: path.join(t.dataDir, "uploads"),
      targetStore: store,
    });
    const rows = Object.fromEntries(report.tables.map((table) => [table.name, table.rows]));
    expect(rows).toMatchObject({
      staff_roles: 1,
      users: 1,
      accounts: 1,
      members: 1,
      events: 3,
      sermons: 4,
      documents: 3,
      ministry_registrations: 1,
      event_registrations: 1,
    });
    expect(rows.sessions).toBeGreaterThanOrEqual(1);
    // Every table travels (the rate-limit counters only live for minutes).
    const tables = await t.services.database.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    expect(Object.keys(rows).sort()).toEqual(
      tables
        .map((table) => table.table_name)
        .filter((name) => name !== "rate_limits")
        .sort(),
    );
    expect(report.files).toBe(fs.readdirSync(path.join(t.dataDir, "uploads")).length);

    const [member] = await target.query<{ children: unknown; ministry_involvement: string[] }>(
      "select children, ministry_involvement from members",
    );
    expect(member).toEqual({
      children: [{ name: "Ben", birthday: "2020-02-29", gender: "Male" }],
      ministry_involvement: ["TEE"],
    });
    // The audit log travels entry for entry (the sign-in above wrote one too), and the new database
    // refuses to change it just as the old one did.
    const entries =
      "select id, at, actor_id, actor_label, ip, action, subject_type, subject_id, subject_label, details from audit_log order by at, id";
    const moved = await target.query(entries);
    expect(moved.length).toBeGreaterThanOrEqual(2);
    expect(moved).toEqual(await t.services.database.query(entries));
    expect(rows.audit_log).toBe(moved.length);
    await expect(target.query("update audit_log set action = 'member.tampered'")).rejects.toThrow(
      /append-only/,
    );
    for (const doc of await target.query<{ storage_object_path: string }>(
      "select storage_object_path from documents",
    )) {
      expect(await store.exists(doc.storage_object_path)).toBe(true);
    }

    await expect(
      moveToPostgres({
        source: t.services.database,
        target,
        uploadsDir: path.join(t.dataDir, "uploads"),
        targetStore: null,
      }),
    ).rejects.toThrow(/not empty/);
  });
});
