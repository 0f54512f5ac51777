import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { startServer, stopServer, type ServerUnderTest } from "./helpers";

// A church office reads the console of `npm start`: the address, the database, the first
// administrator's password when one was made, and warnings that matter. Nothing else.

let server: ServerUnderTest | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "church-console-"));

afterAll(async () => {
  if (server) await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A request log line (the server logs every request it answers). */
const REQUEST_LOG = /^\S+ (GET|HEAD|POST) \/\S* \d{3} /;

it("a first start says where the site is, which database it uses and the administrator's password, and nothing else", async () => {
  server = await startServer(
    { DATA_DIR: dataDir, ADMIN_EMAIL: "", ADMIN_PASSWORD: "", TRUST_PROXY: "false", SEED_DEMO: "true" },
    4395,
  );
  await stopServer(server);
  const lines = server.output
    .join("")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !REQUEST_LOG.test(line));
  const text = lines.join("\n");
  expect(text).toContain(`Church website running at http://127.0.0.1:4395 (embedded database in ${dataDir})`);
  expect(text).toContain("Staff sign in at http://127.0.0.1:4395/members/login");
  expect(text).toMatch(/Password: \S+/);
  expect(text).not.toMatch(/warn|deprecat|MaxListeners|Future Flag|error|\{"event"/i);
  const expected = [
    /^\*+$/,
    /^\* .* \*$/,
    /^Demo content added/,
    /^Church website running at /,
    /^Staff sign in at /,
    /^SIGTERM received/,
  ];
  expect(lines.filter((line) => !expected.some((pattern) => pattern.test(line)))).toEqual([]);
});
