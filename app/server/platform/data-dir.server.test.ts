import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, dataDirLockHolder, loadOrCreateSessionSecret } from "./data-dir.server";
import { StartupError } from "./startup-error.server";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "church-datadir-"));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the data folder lock", () => {
  it("lets one process in and keeps a second one out until released", () => {
    const lock = acquireDataDirLock(dir);
    expect(dataDirLockHolder(dir)).toBe(process.pid);
    // A second server reads the live pid in the lock file and refuses.
    fs.writeFileSync(path.join(dir, "server.lock"), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(StartupError);
    expect(() => acquireDataDirLock(dir)).toThrow(
      /Another process \(pid \d+\) is already using the data folder/,
    );
    fs.writeFileSync(path.join(dir, "server.lock"), String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, "server.lock"))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it("takes over a lock left by a process that died", () => {
    fs.writeFileSync(path.join(dir, "server.lock"), "999999999");
    expect(dataDirLockHolder(dir)).toBeNull();
    const lock = acquireDataDirLock(dir);
    expect(dataDirLockHolder(dir)).toBe(process.pid);
    lock.release();
  });
});

describe("the session secret", () => {
  it("is generated once, kept private, and reused", () => {
    const first = loadOrCreateSessionSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dir, "session-secret")).mode & 0o077).toBe(0);
    expect(loadOrCreateSessionSecret(dir)).toBe(first);
  });
});
