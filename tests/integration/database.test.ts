import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { documents, events, members, sermons } from "../../database/schema";
import { todayInChurchZone } from "~/lib/dates";
import { migrateDatabase, openDatabase } from "~/server/platform/db.server";
import { seedDemoContent } from "~/server/content/seed.server";
import {
  createTestDatabase,
  databaseKinds,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

describe.each(databaseKinds)("database on %s", (kind) => {
  let t: TestServices;
  beforeAll(async () => {
    t = await startTestServices(kind);
  });
  afterAll(async () => {
    await t.stop();
  });

  it("has every table of the spec after migrating", async () => {
    const result = (await t.services.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    )) as unknown as { rows: { table_name: string }[] };
    const tables = result.rows.map((row) => row.table_name);
    for (const table of [
      "members",
      "visitors",
      "documents",
      "sermons",
      "ministry_videos",
      "ministry_images",
      "events",
      "ministry_registrations",
      "event_registrations",
      "users",
      "sessions",
      "accounts",
      "verifications",
      "settings",
      "rate_limits",
    ]) {
      expect(tables).toContain(table);
    }
  });

  it("applies migrations again without error or change", async () => {
    await expect(migrateDatabase(t.services.database)).resolves.toBeUndefined();
  });

  it("stores date-only fields as YYYY-MM-DD strings and lists as arrays", async () => {
    const [row] = await t.services.db
      .insert(members)
      .values({
        firstName: "Ana",
        lastName: "Cruz",
        email: "ana@example.org",
        mobile: "33334444",
        birthday: "1990-02-28",
        ministryInvolvement: ["ACTS Kids", "Yadah (Dance)"],
        children: [{ name: "Ben", birthday: "2020-01-01", gender: "Male" }],
      })
      .returning();
    expect(row!.birthday).toBe("1990-02-28");
    expect(row!.weddingAnniversary).toBeNull();
    expect(row!.membershipStatus).toBe("active");
    expect(row!.churchPosition).toBe("Member");
    expect(row!.countryCode).toBe("+973");
    expect(row!.ministryInvolvement).toEqual(["ACTS Kids", "Yadah (Dance)"]);
    expect(row!.children).toEqual([{ name: "Ben", birthday: "2020-01-01", gender: "Male" }]);
    expect(row!.id).toMatch(/^[0-9a-f-]{36}$/);
    await t.services.db.delete(members).where(eq(members.id, row!.id));
  });

  it("seeds the demo content once, with files, and never members", async () => {
    expect(await seedDemoContent()).toBe(true);
    expect(await seedDemoContent()).toBe(false);

    const db = t.services.db;
    const [eventCount] = await db.select({ n: count() }).from(events);
    const [sermonCount] = await db.select({ n: count() }).from(sermons);
    const [memberCount] = await db.select({ n: count() }).from(members);
    expect(eventCount!.n).toBe(3);
    expect(sermonCount!.n).toBe(4);
    expect(memberCount!.n).toBe(0);

    const [ironMen] = await db.select().from(events).where(eq(events.title, "IronMen Basketball Fellowship"));
    expect(ironMen).toBeDefined();
    expect(ironMen!.eventDate > todayInChurchZone()).toBe(true);
    expect(ironMen!.imageUrl).toBeNull();

    const docs = await db.select().from(documents);
    expect(docs).toHaveLength(3);
    for (const doc of docs) {
      expect(doc.category).toBe("elibrary");
      expect(await t.services.storage.exists(doc.storageObjectPath)).toBe(true);
    }
  });
});

describe.runIf(databaseKinds.includes("postgres" as never))("closing a PostgreSQL database", () => {
  it("says nothing when the server drops connections that are being closed", async () => {
    const errors: unknown[][] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args) => void errors.push(args));
    try {
      for (let round = 0; round < 10; round++) {
        const database = await createTestDatabase("postgres");
        const handle = await openDatabase(database.options);
        // Several connections in the pool, all idle when close() begins.
        await Promise.all(Array.from({ length: 6 }, () => handle.query("select pg_sleep(0.01)")));
        await handle.close();
        await database.drop();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      spy.mockRestore();
    }
    expect(errors).toEqual([]);
  });
});
