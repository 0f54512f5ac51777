import { spawnSync } from "node:child_process";
import { expect, test, dataDir } from "./fixtures";

test("a second server on the same data folder refuses to start, with a clear message", () => {
  const second = spawnSync("node", ["server.js"], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: "3299", NODE_ENV: "production" },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(second.status).toBe(1);
  expect(second.stderr).toContain("is already using the data folder");
  expect(second.stderr).toContain("Two processes on one embedded database would corrupt it");
});

test("a bad setting stops the server with a message naming it", () => {
  const bad = spawnSync("node", ["server.js"], {
    env: { ...process.env, PORT: "not-a-port", DATA_DIR: "/tmp/unused-church-data", NODE_ENV: "production" },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(bad.status).toBe(1);
  expect(bad.stderr).toContain('PORT: must be a whole number (got "not-a-port")');
});
