import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startServices } from "~/server/boot.server";
import type { DatabaseOptions } from "~/server/db.server";
import { parseEnv } from "~/server/env.server";
import type { Services } from "~/server/services.server";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server. */
export const databaseKinds = ["pglite", ...(process.env.TEST_DATABASE_URL ? (["postgres"] as const) : [])] as const;
export type DatabaseKind = (typeof databaseKinds)[number];

export const TEST_ADMIN = { email: "admin@test.local", password: "correct horse battery" };

export interface TestServices {
  services: Services;
  dataDir: string;
  stop(): Promise<void>;
}

/** A fresh database of the given kind with every migration applied, for one test file. */
export async function createTestDatabase(kind: DatabaseKind): Promise<{ options: DatabaseOptions; drop(): Promise<void> }> {
  if (kind === "pglite") return { options: { memory: true }, drop: async () => {} };
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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
export function formRequest(pathname: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${pathname}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", ...headers },
  });
}

/** The cookie header a browser would send back after these Set-Cookie headers. */
export function cookieHeaderFrom(response: Response): string {
  return response.headers
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
): Promise<{ response?: Response; data?: unknown; status: number }> {
  const context = { clientIp: options.clientIp ?? "127.0.0.1", cspNonce: "" } as never;
  try {
    const result = await (fn as RouteFunction)({ request, params: options.params ?? {}, context });
    if (result instanceof Response) return { response: result, status: result.status };
    if (isDataWithResponseInit(result)) return { data: result.data, status: result.init?.status ?? 200 };
    return { data: result, status: 200 };
  } catch (thrown) {
    if (thrown instanceof Response) return { response: thrown, status: thrown.status };
    if (isDataWithResponseInit(thrown)) return { data: thrown.data, status: thrown.init?.status ?? 500 };
    throw thrown;
  }
}

function isDataWithResponseInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: string }).type === "DataWithResponseInit";
}
