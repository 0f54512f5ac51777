import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settings } from "../../database/schema";
import { openDatabase, QUERY_BESIDE_TRANSACTION } from "~/server/platform/db.server";
import { startTestServices, type TestServices } from "../helpers/test-services";

// The embedded database has one connection: a query sent through the database from inside one of
// its transactions used to wait for that transaction forever, and the whole site with it.

describe("the embedded database's single connection", () => {
  let t: TestServices;
  beforeAll(async () => {
    t = await startTestServices("pglite");
  });
  afterAll(async () => {
    await t.stop();
  });

  it("refuses a query beside an open transaction at once, and rolls the transaction back", async () => {
    const { db } = t.services;
    const failure = await db
      .transaction(async (tx) => {
        await tx.insert(settings).values({ key: "beside-test", value: 1 });
        await db.select().from(settings); // through the database, not the transaction
      })
      .then(
        () => null,
        (error: unknown) => error as Error,
      );
    // Drizzle names the query and keeps our reason as the cause.
    expect((failure?.cause as Error | undefined)?.message).toBe(QUERY_BESIDE_TRANSACTION);
    expect(await t.services.database.query("select key from settings where key = 'beside-test'")).toEqual([]);
  });

  it("still lets other work wait its turn, and queries after the transaction run", async () => {
    const { db } = t.services;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.insert(settings).values({ key: "turn-test", value: 1 });
      await held;
    });
    // Another request's query, started outside the transaction, waits and then sees the commit.
    const other = t.services.database.query<{ key: string }>(
      "select key from settings where key = 'turn-test'",
    );
    release();
    await transaction;
    expect(await other).toEqual([{ key: "turn-test" }]);
    // Work started inside a finished transaction's callback is free to query afterwards.
    let later: Promise<unknown> = Promise.resolve();
    await db.transaction(async () => {
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
        db.select().from(settings).limit(1),
      );
    });
    await expect(later).resolves.toHaveLength(1);
  });

  it("lets a transaction on one database read another (moving an install copies one into the other)", async () => {
    const other = await openDatabase({ memory: true });
    try {
      await other.db.transaction(async () => {
        expect(await t.services.database.query("select 1 as one")).toEqual([{ one: 1 }]);
      });
    } finally {
      await other.close();
    }
  });
});
