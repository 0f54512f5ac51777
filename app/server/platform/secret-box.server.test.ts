import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadOrCreateSettingsKey, openSecret, sealSecret } from "./secret-box.server";

describe("sealed secrets", () => {
  it("opens with the key that sealed it, and not with another", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-box-"));
    const key = loadOrCreateSettingsKey({ DATA_DIR: dir });
    const sealed = sealSecret("smtp pässword", key);
    expect(sealed).not.toContain("smtp");
    expect(openSecret(sealed, key)).toBe("smtp pässword");
    // The same key after a restart (read back from the data folder)…
    expect(openSecret(sealed, loadOrCreateSettingsKey({ DATA_DIR: dir }))).toBe("smtp pässword");
    // …but another install's key, or a damaged value, opens nothing.
    const other = loadOrCreateSettingsKey({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "secret-box-")),
    });
    expect(openSecret(sealed, other)).toBeNull();
    expect(openSecret(sealed.slice(0, -2) + "AA", key)).toBeNull();
    expect(openSecret("plain text", key)).toBeNull();
  });

  it("derives one key for every server from SESSION_SECRET", () => {
    const secret = "x".repeat(40);
    const a = loadOrCreateSettingsKey({ SESSION_SECRET: secret, DATA_DIR: "/nonexistent-a" });
    const b = loadOrCreateSettingsKey({ SESSION_SECRET: secret, DATA_DIR: "/nonexistent-b" });
    expect(a.equals(b)).toBe(true);
    expect(a.equals(loadOrCreateSettingsKey({ SESSION_SECRET: "y".repeat(40), DATA_DIR: "/x" }))).toBe(false);
  });
});
