// npm run bench: the production build on a throw-away DATA_DIR with a large church's data, then
// load, staff-page, export, page-weight and Lighthouse measurements, checked against our goals.
// Progress goes to stderr; the JSON report and the summary table go to stdout (and the JSON to
// bench/results.json).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { kB, measurePageAssets } from "./assets";
import { round, signIn } from "./http";
import { chromiumPath, runLighthouse, type LighthouseResult } from "./lighthouse";
import { loadTest, type LoadResult } from "./load";
import { SEED_COUNTS, seedBenchData } from "./seed";
import { assertPortFree, type BenchServer, ensureBuild, readMemory, startServer, tail } from "./server";
import { type ExportResult, measureExport, measurePage, measureSearch, searchQueries } from "./staff";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RESULTS_FILE = path.join(ROOT, "bench", "results.json");
const SERVER_LOG_FILE = path.join(ROOT, "bench", "server.log");
const ADMIN = { email: "bench@bench.test", password: "bench admin password" };
const CONNECTIONS = 32;
const PUBLIC_PAGES = ["/", "/ministries/acts-kids", "/events", "/media/sermons"];
const LIGHTHOUSE_PAGES = ["/", "/ministries", "/events", "/media/sermons"];
const MB = 1024 * 1024;

const USAGE = `Usage: npm run bench [-- options]
  --quick          short load tests, fewer samples, no Lighthouse (for iterating)
  --no-lighthouse  skip the Lighthouse runs
  --gzip           load tests ask for gzip (Accept-Encoding: gzip) like a browser
Environment: BENCH_PORT (default 4100), CHROMIUM_PATH (default /usr/bin/chromium).`;

const log = (message: string) => process.stderr.write(`${message}\n`);

interface Goal {
  goal: string;
  value: number | null;
  target: string;
  unit: string;
  /** null when the measurement was skipped. */
  pass: boolean | null;
}

function gitInfo() {
  const git = (...args: string[]) =>
    spawnSync("git", args, { cwd: ROOT, encoding: "utf8" }).stdout?.trim() || null;
  return {
    commit: git("rev-parse", "HEAD"),
    branch: git("rev-parse", "--abbrev-ref", "HEAD"),
    dirty: (git("status", "--porcelain", "--untracked-files=no") ?? "") !== "",
  };
}

function machineInfo() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model ?? "unknown",
    cpuCount: cpus.length,
    totalMemoryMb: Math.round(os.totalmem() / MB),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  };
}

const REST_SECONDS = 30;

function memoryMb(pid: number) {
  const { rss } = readMemory(pid);
  return round(rss / MB);
}

/** Server messages worth reading: everything but the access log's successful requests. */
function serverLogSummary(server: BenchServer) {
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

function evaluateGoals(report: {
  load: LoadResult[];
  staticAsset: LoadResult;
  homeAssets: Awaited<ReturnType<typeof measurePageAssets>>;
  search: { p95Ms: number };
  exports: ExportResult[];
  lighthouse: LighthouseResult[] | null;
  finalRssMb: number;
}): Goal[] {
  const goals: Goal[] = [];
  const add = (goal: string, value: number | null, target: string, unit: string, pass: boolean | null) =>
    goals.push({ goal, value, target, unit, pass });
  const home = report.load.find((result) => result.path === "/")!;
  const homeRatio = home.requestsPerSecond / report.staticAsset.requestsPerSecond;
  add(
    "Home SSR throughput / static asset throughput",
    round(homeRatio, 3),
    ">= 0.25",
    "ratio",
    homeRatio >= 0.25,
  );
  add("Home p99 latency at 32 connections", home.latencyMs.p99, "< 100", "ms", home.latencyMs.p99 < 100);
  for (const page of report.load.filter((result) => result.path !== "/")) {
    const ratio = page.requestsPerSecond / home.requestsPerSecond;
    add(`${page.path} throughput / home throughput`, round(ratio, 3), ">= 0.5", "ratio", ratio >= 0.5);
  }
  const homeJs = kB(report.homeAssets.js.servedGzip);
  add("Home page JavaScript (gzip, as served)", homeJs, "<= 130", "kB", homeJs <= 130);
  const lighthouseTargets = [
    ["performance", ">= 95", (score: number) => score >= 95],
    ["accessibility", "= 100", (score: number) => score === 100],
    ["best-practices", ">= 95", (score: number) => score >= 95],
    ["seo", "= 100", (score: number) => score === 100],
  ] as const;
  for (const page of LIGHTHOUSE_PAGES) {
    const result = report.lighthouse?.find((entry) => entry.path === page);
    for (const [category, target, passes] of lighthouseTargets) {
      const score = result?.scores[category] ?? null;
      // A page Lighthouse could not audit fails its goals; only a skipped run is "skipped".
      const pass = score !== null ? passes(score) : report.lighthouse ? false : null;
      add(`Lighthouse ${category} ${page}`, score, target, "score", pass);
    }
  }
  add("Member search p95", report.search.p95Ms, "< 50", "ms", report.search.p95Ms < 50);
  for (const entry of report.exports) {
    add(
      `CSV export ${entry.name} (${entry.rows} rows), median`,
      entry.medianMs,
      "< 1000",
      "ms",
      entry.medianMs < 1000,
    );
  }
  add(
    `Server RSS after the run (${REST_SECONDS} s at rest)`,
    report.finalRssMb,
    "< 300",
    "MB",
    report.finalRssMb < 300,
  );
  return goals;
}

function table(rows: (string | number)[][], alignLeft = 1): string {
  const widths = rows[0]!.map((_, column) =>
    Math.max(...rows.map((row) => String(row[column] ?? "").length)),
  );
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column < alignLeft ? String(cell).padEnd(widths[column]!) : String(cell).padStart(widths[column]!),
        )
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

function summary(results: BenchResults): string {
  const out: string[] = [];
  const { load, staticAsset } = results;
  const home = load.find((result) => result.path === "/")!;
  out.push(
    `Bench ${results.date}  commit ${results.git.commit?.slice(0, 10)}${results.git.dirty ? " (dirty)" : ""}  ` +
      `${results.machine.cpuCount} x ${results.machine.cpuModel}, Node ${results.machine.node}${results.options.quick ? "  [--quick]" : ""}`,
    ...(results.machine.loadAverageBefore[0]! > 1
      ? [
          `WARNING: the machine was busy before the bench started (load average ${results.machine.loadAverageBefore.join(", ")}); ` +
            "these figures are not comparable with a run on a quiet machine.",
        ]
      : []),
    "",
    `Load: ${CONNECTIONS} connections, ${results.options.loadSeconds} s each after ${results.options.warmupSeconds} s warm-up` +
      `${results.options.gzip ? ", gzip" : ", no compression"}`,
  );
  out.push(
    table([
      ["target", "req/s", "p50 ms", "p99 ms", "kB/resp", "vs static", "vs home", "non-2xx/err"],
      [
        `static ${staticAsset.path}`,
        staticAsset.requestsPerSecond,
        staticAsset.latencyMs.p50,
        staticAsset.latencyMs.p99,
        kB(staticAsset.bytesPerResponse),
        "1.00",
        "",
        `${staticAsset.non2xx}/${staticAsset.errors}`,
      ],
      ...load.map((result) => [
        result.path,
        result.requestsPerSecond,
        result.latencyMs.p50,
        result.latencyMs.p99,
        kB(result.bytesPerResponse),
        (result.requestsPerSecond / staticAsset.requestsPerSecond).toFixed(2),
        (result.requestsPerSecond / home.requestsPerSecond).toFixed(2),
        `${result.non2xx}/${result.errors}`,
      ]),
    ]),
    "",
    "Signed in (sequential requests)",
    table([
      ["page", "requests", "p50 ms", "p95 ms", "max ms", "kB"],
      ...[results.staff.search, ...results.staff.pages].map((entry) => [
        entry.path,
        entry.requests,
        entry.p50Ms,
        entry.p95Ms,
        entry.maxMs,
        kB(entry.bytes),
      ]),
    ]),
    "",
    "CSV exports of the whole data set",
    table([
      ["export", "rows", "kB", "median ms", "runs ms", "peak RSS MB", "+MB"],
      ...results.staff.exports.map((entry) => [
        entry.name,
        entry.rows,
        kB(entry.bytes),
        entry.medianMs,
        entry.runsMs.join(" / "),
        entry.peakRssMb,
        entry.peakIncreaseMb,
      ]),
    ]),
    "",
    `Home page weight (gzip as served / level 9): JS ${kB(results.homeAssets.js.servedGzip)} / ${kB(results.homeAssets.js.gzip9)} kB in ${results.homeAssets.js.files} files, ` +
      `CSS ${kB(results.homeAssets.css.servedGzip)} / ${kB(results.homeAssets.css.gzip9)} kB in ${results.homeAssets.css.files} files, ` +
      `inline style ${kB(results.homeAssets.inlineStyle.gzip9)} kB, HTML ${kB(results.homeAssets.htmlServedGzip)} kB`,
  );
  if (results.lighthouse) {
    out.push(
      "",
      `Lighthouse 12 (mobile, simulated throttling; benchmarkIndex ${results.lighthouse[0]?.benchmarkIndex ?? "?"})`,
      table([
        ["page", "perf", "a11y", "bp", "seo", "FCP ms", "LCP ms", "TBT ms", "CLS", "JS kB"],
        ...results.lighthouse.map((entry) => [
          entry.path,
          entry.scores.performance ?? "-",
          entry.scores.accessibility ?? "-",
          entry.scores["best-practices"] ?? "-",
          entry.scores.seo ?? "-",
          ...[entry.metrics.fcpMs, entry.metrics.lcpMs, entry.metrics.tbtMs, entry.metrics.cls].map(
            (value) => (Number.isNaN(value) ? "-" : value),
          ),
          kB(entry.transfer.script),
        ]),
      ]),
      ...results.lighthouse
        .filter((entry) => entry.errors)
        .map(
          (entry) => `  ${entry.path}: ${entry.errors!.length} failed attempt(s): ${entry.errors!.at(-1)}`,
        ),
    );
  } else {
    out.push("", "Lighthouse: skipped");
  }
  const memory = results.memoryMb;
  out.push(
    "",
    `Server RSS MB: after start ${memory.afterStart}, after seeding ${memory.afterSeed}, after load ${memory.afterLoad}, ` +
      `right after the run ${memory.rightAfterRun}, after ${REST_SECONDS} s at rest ${memory.afterRun} (anonymous ${memory.afterRunAnonymous})`,
    `Server log: ${results.serverLog.loggedRequests} requests, ${results.serverLog.responses5xx} 5xx, ` +
      `${results.serverLog.stderrLines} stderr lines (${results.serverLog.savedTo})`,
    ...results.serverLog.stderrFirstLines.slice(0, 3).map((line) => `  ${line.slice(0, 160)}`),
    "",
    "Goals",
    table(
      [
        ["", "goal", "measured", "target"],
        ...results.goals.map((goal) => [
          goal.pass === null ? "SKIP" : goal.pass ? "PASS" : "FAIL",
          goal.goal,
          goal.value === null ? "-" : `${goal.value} ${goal.unit}`,
          `${goal.target} ${goal.unit}`,
        ]),
      ],
      2,
    ),
  );
  const counted = results.goals.filter((goal) => goal.pass !== null);
  out.push(
    "",
    `${counted.filter((goal) => goal.pass).length} of ${counted.length} goals met` +
      (counted.length < results.goals.length ? ` (${results.goals.length - counted.length} skipped)` : ""),
  );
  return out.join("\n");
}

type BenchResults = Awaited<ReturnType<typeof runBench>>;

async function runBench(options: { quick: boolean; lighthouse: boolean; gzip: boolean; port: number }) {
  const { quick } = options;
  const loadSeconds = quick ? 5 : 10;
  const warmupSeconds = quick ? 2 : 3;
  const started = Date.now();
  const date = new Date().toISOString();
  // Other work on the machine skews every figure: keep the load average with the results.
  const loadAverageBefore = os.loadavg().map((value) => round(value, 2));
  if (options.lighthouse) chromiumPath(); // fail now, not after the load tests
  await assertPortFree(options.port);
  log("Checking the build...");
  ensureBuild(ROOT);

  const server = await startServer({ root: ROOT, port: options.port, admin: ADMIN, log });
  activeServer = server;
  try {
    const memoryAfterStart = memoryMb(server.pid);
    log(
      `Seeding ${SEED_COUNTS.members} members, ${SEED_COUNTS.visitors} visitors, ${SEED_COUNTS.events} events, ` +
        `${SEED_COUNTS.sermons} sermons, ${SEED_COUNTS.registrations} registrations...`,
    );
    const seed = await seedBenchData((text) => server.sql(text));
    log(`  done in ${seed.seconds.toFixed(1)} s: ${JSON.stringify(seed.rows)}`);
    const memoryAfterSeed = memoryMb(server.pid);

    log("Measuring what the home page loads...");
    const homeAssets = await measurePageAssets(server.baseUrl, "/");
    // The reference is the home page's own static file closest in size to its HTML (the
    // stylesheet is inlined), so both load tests move about the same number of bytes.
    const distance = (bytes: number) => Math.abs(bytes - homeAssets.htmlBytes);
    const reference = [...homeAssets.files].sort((a, b) => distance(a.bytes) - distance(b.bytes))[0];
    if (!reference) throw new Error("The home page loads no asset to use as the static reference.");

    const headers = options.gzip ? { "Accept-Encoding": "gzip" } : undefined;
    const loadOptions = { connections: CONNECTIONS, seconds: loadSeconds, warmupSeconds, headers };
    log(`Load tests (${CONNECTIONS} connections, ${warmupSeconds} s warm-up + ${loadSeconds} s each)...`);
    const staticAsset = await loadTest(server.baseUrl, reference.url, loadOptions);
    log(
      `  static ${reference.url}: ${staticAsset.requestsPerSecond} req/s, p99 ${staticAsset.latencyMs.p99} ms`,
    );
    const load: LoadResult[] = [];
    for (const page of PUBLIC_PAGES) {
      const result = await loadTest(server.baseUrl, page, loadOptions);
      log(
        `  ${page}: ${result.requestsPerSecond} req/s, p99 ${result.latencyMs.p99} ms, non-2xx ${result.non2xx}`,
      );
      load.push(result);
    }
    const memoryAfterLoad = memoryMb(server.pid);

    log("Signed in: search, members pages, CSV exports...");
    const jar = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
    const names = await server.sql<{ first: string; last: string }>(
      "SELECT first_name AS first, last_name AS last FROM members ORDER BY md5(id::text) LIMIT 50",
    );
    const queries = searchQueries(quick ? 50 : 200, {
      first: names.map((row) => row.first),
      last: names.map((row) => row.last),
    });
    const search = await measureSearch(server.baseUrl, jar, queries);
    log(`  search: p50 ${search.p50Ms} ms, p95 ${search.p95Ms} ms over ${search.requests} requests`);
    const pageRuns = quick ? 5 : 20;
    const pages = [];
    for (const page of ["/members/details", "/members/details?page=400", "/members/reports", "/members"]) {
      const result = await measurePage(server.baseUrl, jar, page, pageRuns);
      log(`  ${page}: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms`);
      pages.push(result);
    }

    const [largestMinistry] = await server.sql<{ slug: string; n: number }>(
      "SELECT unnest(ministry_involvement) AS slug, count(*)::int AS n FROM members GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1",
    );
    const exportsToRun: [string, string][] = [
      ["birthdays", "/members/reports/export/birthdays"],
      ["anniversaries", "/members/reports/export/anniversaries"],
      ["active_members", "/members/reports/export/active_members"],
      ["visitors", "/members/reports/export/visitors"],
      [
        `ministry: ${largestMinistry?.slug}`,
        `/members/reports/export/ministry?slug=${encodeURIComponent(largestMinistry?.slug ?? "")}`,
      ],
      ["all_ministry_registrations", "/members/registrations/export/ministry"],
      ["all_event_registrations", "/members/registrations/export/event"],
    ];
    const exports: ExportResult[] = [];
    for (const [name, exportPath] of exportsToRun) {
      const result = await measureExport(server.baseUrl, jar, server.pid, name, exportPath, quick ? 1 : 3);
      log(
        `  export ${name}: ${result.rows} rows, median ${result.medianMs} ms, peak RSS ${result.peakRssMb} MB (+${result.peakIncreaseMb})`,
      );
      exports.push(result);
    }

    let lighthouse: LighthouseResult[] | null = null;
    if (options.lighthouse) {
      log("Lighthouse (one page at a time)...");
      lighthouse = await runLighthouse(server.baseUrl, LIGHTHOUSE_PAGES, log);
    }

    // Let the last requests' garbage settle before reading the figure the goal is about.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const memoryRightAfterRun = memoryMb(server.pid);
    // The goal is the server's footprint once the run is over: V8 gives back the heap the load
    // grew only after it has been idle a few seconds, so the figure is taken after 30 s at rest
    // (the one right after the last request is reported too).
    log(`Letting the server rest ${REST_SECONDS} s before the final memory reading...`);
    await new Promise((resolve) => setTimeout(resolve, REST_SECONDS * 1000));
    const finalMemory = readMemory(server.pid);
    const memoryAfterRun = round(finalMemory.rss / MB);
    const serverLog = serverLogSummary(server);

    const measured = {
      staticAsset: { ...staticAsset, path: reference.url, fileBytes: reference.bytes },
      load: load.map((result) => ({
        ...result,
        ratioToStatic: round(result.requestsPerSecond / staticAsset.requestsPerSecond, 3),
        ratioToHome: round(result.requestsPerSecond / load[0]!.requestsPerSecond, 3),
      })),
    };
    const goals = evaluateGoals({
      load,
      staticAsset,
      homeAssets,
      search,
      exports,
      lighthouse,
      finalRssMb: memoryAfterRun,
    });
    return {
      date,
      durationSeconds: Math.round((Date.now() - started) / 1000),
      git: gitInfo(),
      machine: {
        ...machineInfo(),
        loadAverageBefore,
        loadAverageAfter: os.loadavg().map((value) => round(value, 2)),
      },
      options: {
        quick,
        lighthouse: options.lighthouse,
        gzip: options.gzip,
        connections: CONNECTIONS,
        loadSeconds,
        warmupSeconds,
      },
      seed,
      ...measured,
      staff: { search, pages, exports },
      homeAssets,
      lighthouse,
      memoryMb: {
        afterStart: memoryAfterStart,
        afterSeed: memoryAfterSeed,
        afterLoad: memoryAfterLoad,
        rightAfterRun: memoryRightAfterRun,
        afterRun: memoryAfterRun,
        afterRunAnonymous: round(finalMemory.anon / MB),
      },
      serverLog,
      goals,
    };
  } catch (error) {
    const lastWords = tail(server.stderrLog, 20);
    if (lastWords) log(`Server stderr (last lines):\n${lastWords}`);
    throw error;
  } finally {
    await server.stop();
    activeServer = undefined;
  }
}

let activeServer: BenchServer | undefined;
let isStopping = false;

async function main() {
  const { values } = parseArgs({
    options: {
      quick: { type: "boolean", default: false },
      "no-lighthouse": { type: "boolean", default: false },
      gzip: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(process.env.BENCH_PORT ?? 4100);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`BENCH_PORT must be a port number.`);

  // Ctrl-C reaches us more than once (the terminal, then tsx passing it on): stop once, and
  // keep listening so a second signal cannot kill us before the data folder is gone.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      if (isStopping) return;
      isStopping = true;
      log(`${signal}: stopping the server...`);
      void (activeServer?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
    });
  }

  const results = await runBench({
    quick: values.quick,
    lighthouse: !values.quick && !values["no-lighthouse"],
    gzip: values.gzip,
    port,
  });
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
  console.log(
    `\n${summary(results)}\n\nSaved ${path.relative(ROOT, RESULTS_FILE)} (took ${results.durationSeconds} s).`,
  );
}

main().catch((error: unknown) => {
  if (isStopping) return; // interrupted: the signal handler reports and exits
  log(`\nBench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
