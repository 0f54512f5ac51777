import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/platform/db.server";

describe("the embedded database folder", () => {
  let dir: string;
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is created complete in a separate process, replacing a half-made folder, with a small buffer pool", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "church-pglite-"));
    const dbDir = path.join(dir, "db");
    // What an interrupted first start may leave: a folder without a database in it.
    fs.mkdirSync(dbDir);
    fs.writeFileSync(path.join(dbDir, "leftover"), "x");

    handle = await openDatabase({ pgliteDir: dbDir });
    expect(fs.existsSync(path.join(dbDir, "PG_VERSION"))).toBe(true);
    expect(fs.existsSync(path.join(dbDir, "leftover"))).toBe(false);
    expect(fs.readdirSync(dir)).toEqual(["db"]); // no staging folder left beside it
    expect(await handle.query("show shared_buffers")).toEqual([{ shared_buffers: "16MB" }]);

    // And it opens again as it is, keeping its data.
    await handle.query("create table kept (id int)");
    await handle.close();
    handle = await openDatabase({ pgliteDir: dbDir });
    expect(await handle.query("select count(*)::int as n from kept")).toEqual([{ n: 0 }]);
  }, 120_000);
});
