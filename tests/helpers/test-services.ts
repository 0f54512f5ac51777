import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { format } from "node:util";
import pg from "pg";
import { inject } from "vitest";
import { startServices } from "~/server/main/boot.server";
import { requestContext } from "~/server/http/request-context.server";
import type { DatabaseOptions } from "~/server/platform/db.server";
import { parseEnv } from "~/server/platform/env.server";
import type { Services } from "~/server/platform/services.server";
import type { DatabaseTemplates } from "../setup/database-templates";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server. */
export const databaseKinds = [
  "pglite",
  ...(process.env.TEST_DATABASE_URL ? (["postgres"] as const) : []),
] as const;
export type DatabaseKind = (typeof databaseKinds)[number];

export const TEST_ADMIN = { email: "admin@test.local", password: "correct horse battery" };

export interface TestServices {
  services: Services;
  dataDir: string;
  stop(): Promise<void>;
}

/** The databases tests/setup/database-templates.ts made for this run, if it ran. */
function templates(): DatabaseTemplates | undefined {
  try {
    return inject("databaseTemplates");
  } catch {
    return undefined;
  }
}

/**
 * A fresh database of the given kind for one test file: with every migration applied, or
 * (`migrated: false`) as a new install finds it, before any. It is a copy of a template the run
 * made once (an embedded database in a folder of its own; a PostgreSQL database made from the
 * template), else it is made from nothing (an embedded one in memory, or in a folder when it is
 * to be closed and opened again as an upgrade does).
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  { migrated = true }: { migrated?: boolean } = {},
): Promise<{ options: DatabaseOptions; drop(): Promise<void> }> {
  const made = templates();
  if (kind === "pglite") {
    if (!made && migrated) return { options: { memory: true }, drop: async () => {} };
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "church-testdb-"));
    const pgliteDir = path.join(folder, "db");
    // Without a template, the folder stays empty and opening it makes the database.
    if (made) fs.cpSync(migrated ? made.pgliteMigrated : made.pgliteBare, pgliteDir, { recursive: true });
    return {
      options: { pgliteDir },
      drop: async () => fs.rmSync(folder, { recursive: true, force: true }),
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  const template = migrated ? made?.postgresMigrated : undefined;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    options: { url: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function startTestServices(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: { firstRunSetup?: boolean; log?: (message: string) => void } = {},
): Promise<TestServices> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "church-test-"));
  const database = await createTestDatabase(kind);
  const parsed = parseEnv({
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    SESSION_SECRET: "test-secret-that-is-long-enough-0123456789",
    // The address the tests' requests come to (links in pages and e-mails are built from it).
    PUBLIC_URL: "http://localhost",
    // Saving a sermon asks no other site for its video's picture unless a test serves one.
    VIDEO_THUMBNAIL_URL: "off",
    ...env,
  });
  const running = await startServices(parsed, {
    database: database.options,
    log: options.log ?? (() => {}),
    firstRunSetup: options.firstRunSetup,
  });
  return {
    services: running.services,
    dataDir,
    async stop() {
      await running.stop();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A form POST as a browser on this site would send it. */
export function formRequest(
  pathname: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return new Request(`http://localhost${pathname}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", ...headers },
  });
}

/** The cookie header a browser would send back after these Set-Cookie headers. */
export function cookieHeaderFrom(from: Response | { headers: Headers }): string {
  return from.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

type RouteFunction = (args: { request: Request; params: Record<string, string>; context: never }) => unknown;

/**
 * Calls a route's loader or action the way React Router does and returns what it answered:
 * a Response (returned or thrown, such as a redirect) or its data.
 */
export async function callRoute(
  fn: unknown,
  request: Request,
  options: { params?: Record<string, string>; clientIp?: string } = {},
): Promise<{ response?: Response; data?: unknown; status: number; headers: Headers }> {
  const context = requestContext({ clientIp: options.clientIp ?? "127.0.0.1", cspNonce: "" }) as never;
  const answer = (value: unknown, fallbackStatus: number) => {
    if (value instanceof Response) return { response: value, status: value.status, headers: value.headers };
    if (isDataWithResponseInit(value)) {
      return {
        data: value.data,
        status: value.init?.status ?? fallbackStatus,
        headers: new Headers(value.init?.headers),
      };
    }
    return { data: value, status: 200, headers: new Headers() };
  };
  try {
    return answer(await (fn as RouteFunction)({ request, params: options.params ?? {}, context }), 200);
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithResponseInit(thrown)) return answer(thrown, 500);
    throw thrown;
  }
}

function isDataWithResponseInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: string }).type === "DataWithResponseInit"
  );
}

/** Signs in through the real login action and returns the cookie header a browser would send. */
export async function signInCookie(
  email = TEST_ADMIN.email,
  password = TEST_ADMIN.password,
): Promise<string> {
  const { action } = await import("~/routes/members/auth/login");
  const result = await callRoute(action, formRequest("/members/login", { username: email, password }), {
    clientIp: `203.0.113.${Math.floor(Math.random() * 250)}`,
  });
  if (result.status !== 302) throw new Error(`Sign-in failed with status ${result.status}`);
  return cookieHeaderFrom(result.response!);
}

/**
 * Runs `work` that is meant to log errors (an injected failure), and returns what it logged, so
 * the test can check it instead of failing on it.
 */
export async function expectingConsoleErrors<T>(
  work: () => Promise<T>,
): Promise<{ result: T; logged: string[] }> {
  const logged: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    // As the console would print them (an error with its stack and cause).
    logged.push(format(...args));
  };
  try {
    return { result: await work(), logged };
  } finally {
    console.error = original;
  }
}
