import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import zlib from "node:zlib";
import { NotATarError, readTarGz, safeEntryPath, writeTarGz } from "./tar.server";

// The one-file backup's container, checked against the system's own tar: what we write it reads,
// what it writes we read, and a failure while writing leaves no file behind.

describe("the backups' tar.gz", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "church-tar-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const longName = `uploads/${"x".repeat(150)}/${"y".repeat(120)}.txt`;

  it("is read by tar, long names included, and reads what tar wrote", async () => {
    fs.writeFileSync(path.join(dir, "big.bin"), Buffer.alloc(70_000, 7));
    const file = path.join(dir, "ours.tar.gz");
    await writeTarGz(file, [
      { name: "manifest.json", bytes: Buffer.from('{"a":1}') },
      { name: "db.tar.gz", file: path.join(dir, "big.bin") },
      { name: longName, bytes: Buffer.from("long") },
    ]);
    expect(execFileSync("tar", ["tzf", file]).toString().trim().split("\n")).toEqual([
      "manifest.json",
      "db.tar.gz",
      longName,
    ]);

    const theirs = path.join(dir, "theirs.tar.gz");
    const src = path.join(dir, "src");
    fs.mkdirSync(path.join(src, path.dirname(longName)), { recursive: true });
    fs.writeFileSync(path.join(src, longName), "long");
    fs.writeFileSync(path.join(src, "manifest.json"), "{}");
    execFileSync("tar", ["czf", theirs, "-C", src, "manifest.json", "uploads"]);
    const seen: Record<string, string> = {};
    await readTarGz(fs.createReadStream(theirs), async (entry, body) => {
      if (entry.type !== "file") return "skip";
      seen[entry.name] = Buffer.concat(await body.toArray()).toString();
    });
    expect(seen).toEqual({ "manifest.json": "{}", [longName]: "long" });
  });

  it("goes on without a file removed meanwhile, and fails, leaving no file, on one it cannot read", async () => {
    const file = path.join(dir, "partial.tar.gz");
    await writeTarGz(file, [
      { name: "manifest.json", bytes: Buffer.from("{}") },
      { name: "gone", file: path.join(dir, "missing") },
    ]);
    expect(execFileSync("tar", ["tzf", file]).toString().trim()).toBe("manifest.json");

    fs.mkdirSync(path.join(dir, "a-folder"));
    const broken = path.join(dir, "broken.tar.gz");
    await expect(
      writeTarGz(broken, [
        { name: "manifest.json", bytes: Buffer.from("{}") },
        { name: "folder", file: path.join(dir, "a-folder") },
      ]),
    ).rejects.toThrow(/EISDIR/);
    expect(fs.readdirSync(dir).sort()).toEqual(["a-folder", "partial.tar.gz"]);
  });

  it("says NotATarError for a file that is not a gzipped tar, or one cut short", async () => {
    const read = (bytes: Buffer) => {
      const file = path.join(dir, "input");
      fs.writeFileSync(file, bytes);
      return readTarGz(fs.createReadStream(file), async () => {});
    };
    await expect(read(Buffer.from("name,mobile\nJoy,3333\n"))).rejects.toBeInstanceOf(NotATarError);
    await expect(read(zlib.gzipSync("not a tar at all, only words ".repeat(40)))).rejects.toBeInstanceOf(
      NotATarError,
    );
    const whole = path.join(dir, "whole.tar.gz");
    fs.writeFileSync(path.join(dir, "big.bin"), Buffer.alloc(200_000, 3));
    await writeTarGz(whole, [{ name: "db.tar.gz", file: path.join(dir, "big.bin") }]);
    const bytes = fs.readFileSync(whole);
    await expect(read(bytes.subarray(0, Math.floor(bytes.length / 2)))).rejects.toBeInstanceOf(NotATarError);
  });

  it("refuses names that would leave the folder", () => {
    expect(safeEntryPath("uploads/a/b.png")).toBe("uploads/a/b.png");
    expect(safeEntryPath("./manifest.json")).toBe("manifest.json");
    for (const name of ["../etc/passwd", "/etc/passwd", "uploads/../../x", "a\\b", ""])
      expect(safeEntryPath(name), name).toBeNull();
  });
});
