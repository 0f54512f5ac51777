// The report around the measurements: the commit and machine they were taken on, the server's
// own log (saved beside the results), and the JSON written to bench/results.json and stdout.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BenchServer } from "./server";
import { MB, ROOT } from "./settings";

const RESULTS_FILE = path.join(ROOT, "bench", "results.json");
const SERVER_LOG_FILE = path.join(ROOT, "bench", "server.log");

export function gitInfo() {
  const git = (...args: string[]) =>
    spawnSync("git", args, { cwd: ROOT, encoding: "utf8" }).stdout?.trim() || null;
  return {
    commit: git("rev-parse", "HEAD"),
    branch: git("rev-parse", "--abbrev-ref", "HEAD"),
    dirty: (git("status", "--porcelain", "--untracked-files=no") ?? "") !== "",
  };
}

export function machineInfo() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model ?? "unknown",
    cpuCount: cpus.length,
    totalMemoryMb: Math.round(os.totalmem() / MB),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  };
}

/** Server messages worth reading: everything but the access log's successful requests. */
export function serverLogSummary(server: BenchServer) {
  const stderr = fs.existsSync(server.stderrLog) ? fs.readFileSync(server.stderrLog, "utf8") : "";
  const stdout = fs.existsSync(server.stdoutLog) ? fs.readFileSync(server.stdoutLog, "utf8") : "";
  // morgan's lines: ":remote-addr :method :url :status ...", status "-" when the client hung up
  // first (autocannon does, at the end of each test).
  const access = /^\S+ [A-Z]+ \S+ (\d{3}|-) /;
  let requests = 0;
  let serverErrors = 0;
  let abandoned = 0;
  const notable: string[] = [];
  for (const line of stdout.split("\n")) {
    const match = access.exec(line);
    if (match) {
      requests++;
      if (match[1] === "-") abandoned++;
      else if (Number(match[1]) >= 500) {
        serverErrors++;
        notable.push(line);
      }
    } else if (line.trim()) {
      notable.push(line);
    }
  }
  const stderrLines = stderr.split("\n").filter((line) => line.trim());
  fs.writeFileSync(
    SERVER_LOG_FILE,
    `# stderr\n${stderr}\n# stdout (without the ${requests - serverErrors} access-log lines of answered or abandoned requests)\n` +
      `${notable.join("\n")}\n`,
  );
  return {
    loggedRequests: requests,
    responses5xx: serverErrors,
    /** Requests the client gave up on before the answer (load tests end mid-request). */
    abandonedByClient: abandoned,
    stderrLines: stderrLines.length,
    stderrFirstLines: stderrLines.slice(0, 10),
    savedTo: path.relative(ROOT, SERVER_LOG_FILE),
  };
}

/** Writes the results to bench/results.json and stdout; returns the file's path from the root. */
export function writeResults(results: object) {
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
  return path.relative(ROOT, RESULTS_FILE);
}
