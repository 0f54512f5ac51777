// The server under test: the production build on a throw-away DATA_DIR, with its own log files,
// reached over HTTP and (for seeding) over its control socket.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sendControlCommand } from "../app/server/platform/control.server";

export interface BenchServer {
  pid: number;
  baseUrl: string;
  dataDir: string;
  stdoutLog: string;
  stderrLog: string;
  /** Runs one SQL statement in the server's database (TEST_HOOKS=true). */
  sql<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  stop(): Promise<void>;
}

export interface StartOptions {
  root: string;
  port: number;
  admin: { email: string; password: string };
  log: (message: string) => void;
  /** Extra server settings (the S3 bucket of the upload bench), applied last. */
  env?: Record<string, string>;
}

/** Builds the site when there is no build or the sources are newer (same as `npm start`). */
export function ensureBuild(root: string) {
  const result = spawnSync(process.execPath, ["scripts/ensure-build.js"], {
    cwd: root,
    // The build's own output goes to stderr, so stdout stays the report.
    stdio: ["ignore", process.stderr, process.stderr],
  });
  if (result.status !== 0) throw new Error("The build failed (scripts/ensure-build.js).");
}

export async function assertPortFree(port: number) {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === "EADDRINUSE"
            ? `Port ${port} is in use. Set BENCH_PORT to a free port (the bench uses 4100-4199).`
            : `Port ${port} cannot be used: ${error.message}`,
        ),
      ),
    );
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}

export async function startServer(options: StartOptions): Promise<BenchServer> {
  const { root, port, admin, log } = options;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "church-bench-"));
  const stdoutLog = path.join(dataDir, "server.stdout.log");
  const stderrLog = path.join(dataDir, "server.stderr.log");
  const baseUrl = `http://127.0.0.1:${port}`;

  // A clean environment: nothing from the caller's shell may point the server at a real
  // database, bucket or data folder.
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    const isServerSetting =
      key.startsWith("S3_") ||
      /^(DATABASE_URL|SESSION_SECRET|TRUST_PROXY|REGISTRATION_PASSCODE|ADMIN_EMAIL|ADMIN_PASSWORD|PUBLIC_URL|SEED_DEMO|TEST_HOOKS|DATA_DIR|PORT|HOST|NODE_ENV)$/.test(
        key,
      );
    if (isServerSetting) continue;
    env[key] = value;
  }
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SEED_DEMO: "true",
    TEST_HOOKS: "true",
    // No daily backup or retention clean-up in the middle of a measurement (the seeded visitor
    // messages go back years, past the retention period).
    BACKUP_HOUR: "off",
    RETENTION_HOUR: "off",
    // As `npm start` runs it (see package.json).
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "2",
    ...options.env,
  });

  const out = fs.openSync(stdoutLog, "a");
  const err = fs.openSync(stderrLog, "a");
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env,
    stdio: ["ignore", out, err],
  });
  fs.closeSync(out);
  fs.closeSync(err);

  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exitPromise = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exited = { code, signal };
      resolve();
    }),
  );
  // Last resort: never leave the server running behind us, whatever happens to this process.
  const killOnExit = () => {
    if (!exited) child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on("exit", killOnExit);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (!exited) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exitPromise;
      clearTimeout(timer);
    }
    process.off("exit", killOnExit);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const started = Date.now();
    for (;;) {
      if (exited) {
        throw new Error(
          `The server exited during start-up (code ${exited.code ?? exited.signal}):\n${tail(stderrLog, 20)}`,
        );
      }
      if (Date.now() - started > 120_000) throw new Error("The server did not answer /healthz within 120 s.");
      try {
        const response = await fetch(`${baseUrl}/healthz`);
        if (response.ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    log(`Server (pid ${child.pid}) up at ${baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    pid: child.pid!,
    baseUrl,
    dataDir,
    stdoutLog,
    stderrLog,
    async sql<Row>(text: string, params: unknown[] = []) {
      return JSON.parse(await sendControlCommand(dataDir, "sql", { text, params })) as Row[];
    },
    stop,
  };
}

export interface MemoryReading {
  /** Resident set size now, bytes. */
  rss: number;
  /** Highest resident set size since start (or since the last resetPeak), bytes. */
  hwm: number;
  /** The anonymous part of rss (heaps, WebAssembly memory), bytes. */
  anon: number;
}

export function readMemory(pid: number): MemoryReading {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb("VmRSS"), hwm: kb("VmHWM"), anon: kb("RssAnon") };
}

/** Resets the kernel's peak-RSS counter (VmHWM) of a process we own; false where not allowed. */
export function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

export function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}
