import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import net from "node:net";
import pg from "pg";
import { sendControlCommand } from "../../app/server/platform/control.server";

export interface ServerUnderTest {
  url: string;
  process: ChildProcess;
  output: string[];
}

export const ADMIN = { email: "admin@reliability.test", password: "reliability password" };

/** Starts the production build (run `npm run build` first) and waits until it answers. */
export async function startServer(env: Record<string, string>, port: number): Promise<ServerUnderTest> {
  const output: string[] = [];
  const child = spawn("node", ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: "true",
      TEST_HOOKS: "true",
      // No daily backup or retention clean-up in the middle of a test (the integration tests
      // backup-schedule and retention have them): seeded data years old would start to vanish.
      BACKUP_HOUR: "off",
      RETENTION_HOUR: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output.join("")}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, process: child, output };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start:\n${output.join("")}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function stopServer(server: ServerUnderTest, signal: NodeJS.Signals = "SIGTERM") {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once("exit", resolve));
  server.process.kill(signal);
  await exited;
}

/** A connect-form message as a visitor at `ip` sends it; true when the server acknowledged it. */
export async function sendMessage(server: ServerUnderTest, ip: string, message: string): Promise<boolean> {
  try {
    const response = await fetch(`${server.url}/connect`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": ip,
        origin: server.url,
        accept: "text/html",
      },
      body: new URLSearchParams({
        name: "Load Tester",
        mobile: "+973 3333 4444",
        email: "load@example.org",
        message,
      }),
    });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

export async function signInCookie(server: ServerUnderTest): Promise<string> {
  const response = await fetch(`${server.url}/members/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.url,
      "x-forwarded-for": "192.0.2.200",
    },
    body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
  });
  if (response.status !== 302) throw new Error(`Sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** A staff edit: a new sermon; true when the server acknowledged it (redirect after saving). */
export async function addSermon(server: ServerUnderTest, cookie: string, title: string): Promise<boolean> {
  try {
    const response = await fetch(`${server.url}/members/add-sermon`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, cookie },
      body: new URLSearchParams({
        intent: "create",
        sermonDate: "2026-01-02",
        title,
        speaker: "Tester",
        url: "https://youtu.be/abcdefghijk",
      }),
    });
    await response.arrayBuffer();
    return response.status === 302 || response.status === 303;
  } catch {
    return false;
  }
}

/** SQL in the server under test (embedded: through its control socket) or straight to PostgreSQL. */
export async function query<Row>(
  dataDir: string,
  databaseUrl: string | undefined,
  text: string,
): Promise<Row[]> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text)).rows as Row[];
    } finally {
      await client.end();
    }
  }
  return JSON.parse(await sendControlCommand(dataDir, "sql", { text })) as Row[];
}

export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return null;
  const name = `reliability_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Runs `work` on `items` with at most `concurrency` at once. */
export async function inParallel<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

/** A TCP relay to the database that the test can cut and restore, to play "database down". */
export async function createDatabaseRelay(targetHost: string, targetPort: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        sockets.add(client).add(upstream);
        const close = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on("error", close).on("close", close).pipe(upstream);
        upstream.on("error", close).on("close", close).pipe(client);
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    /** The database "stops": open connections drop and new ones are refused. */
    async down() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
    async up() {
      await listen();
    },
  };
}
