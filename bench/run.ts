// npm run bench: the production build on a throw-away DATA_DIR with a large church's data, then
// load, staff-page, export, page-weight and Lighthouse measurements, then the uploads (a 25 MB
// document to the local folder and to S3, ten phone photos at once), and last an announcement to
// 5,000 people sent to an SMTP server in this process, checked against our goals.
// Progress goes to stderr; the JSON report and the summary table go to stdout (and the JSON to
// bench/results.json).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  type AnnouncementBenchResult,
  announcementGoals,
  announcementSummary,
  measureAnnouncement,
  smtpEnv,
  startSmtpPeer,
} from "./announcements";
import { kB, measurePageAssets } from "./assets";
import { round, signIn } from "./http";
import {
  chromiumPath,
  type ImageBytesResult,
  type LighthouseResult,
  measureImageBytes,
  runLighthouse,
} from "./lighthouse";
import { loadTest, type LoadResult } from "./load";
import { type ImportBenchResult, measureMemberImport } from "./member-import";
import { measurePageWeights, type PageWeight, publicRoutes } from "./page-weight";
import { SEED_COUNTS, seedBenchData } from "./seed";
import { assertPortFree, type BenchServer, ensureBuild, readMemory, startServer, tail } from "./server";
import { type ExportResult, measureExport, measurePage, measureSearch, searchQueries } from "./staff";
import {
  BIG_DOCUMENT_FILLER,
  BURST_PHOTOS,
  createPhotoEvent,
  type DocumentUploadResult,
  measureDocumentUpload,
  measurePhotoBurst,
  phoneJpeg,
  PHOTO_EVENT_TITLE,
  type PhotoBurstResult,
  startS3,
  writeBenchPdf,
} from "./uploads";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RESULTS_FILE = path.join(ROOT, "bench", "results.json");
const SERVER_LOG_FILE = path.join(ROOT, "bench", "server.log");
const ADMIN = { email: "bench@bench.test", password: "bench admin password" };
const CONNECTIONS = 32;
const PUBLIC_PAGES = ["/", "/ministries/acts-kids", "/events", "/media/sermons"];
/** Budgets of the public pages' weight at 390 px, cold cache (issue 20, ADR 013), kB on the wire. */
const HOME_BUDGET_KB = 25;
const CONTENT_PAGE_BUDGET_KB = 30;
const FORM_PAGE_BUDGET_KB = 60;
const LIGHTHOUSE_PAGES = ["/", "/ministries", "/events", "/media/sermons"];
const MB = 1024 * 1024;
/** The goals' name for the event page with an uploaded photo (its address changes every run). */
const PHOTO_EVENT_LABEL = "/events/<event with a photo>";
/** The phone the event page's pictures are weighed in: 390 CSS px wide, 3 device pixels a px. */
const PHONE_VIEWPORT = { width: 390, height: 844, deviceScaleFactor: 3 };
/** Goals of the upload steps. */
const DOCUMENT_RISE_MB = 60;
const BURST_PEAK_MB = 600;
const BURST_HEALTHZ_P99_MS = 100;
const PHOTO_PAGE_IMAGE_KB = 150;

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

interface UploadResults {
  /** The 25 MB document, to the local folder and to an S3 bucket. */
  documents: DocumentUploadResult[];
  photoBurst: PhotoBurstResult;
  /** The event made with one phone photo for Lighthouse; uploadMs is that one upload's time. */
  photoEvent: { path: string; uploadMs: number };
  /** Pictures its page loads in a phone (null when Lighthouse was skipped). */
  photoEventImages: ImageBytesResult | null;
  /** The main server's RSS right after the upload steps, and after REST_SECONDS at rest, MB. */
  rssRightAfterMb: number;
  rssAfterRestMb: number;
}

function evaluateGoals(report: {
  load: LoadResult[];
  staticAsset: LoadResult;
  homeAssets: Awaited<ReturnType<typeof measurePageAssets>>;
  search: { p95Ms: number };
  exports: ExportResult[];
  memberImport: ImportBenchResult;
  lighthouse: LighthouseResult[] | null;
  finalRssMb: number;
  uploads: UploadResults;
  pageWeights: PageWeight[];
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
  for (const page of report.pageWeights) {
    const isHome = page.path === "/";
    const budget = isHome
      ? HOME_BUDGET_KB
      : page.kind === "content"
        ? CONTENT_PAGE_BUDGET_KB
        : FORM_PAGE_BUDGET_KB;
    const weight = kB(isHome ? page.bytes : page.bytesWithoutImages);
    const measured = !Number.isNaN(weight);
    add(
      `${page.path} at 390 px, cold cache: ${isHome ? "everything" : "all but pictures"}`,
      measured ? weight : null,
      `<= ${budget}`,
      "kB",
      measured && weight <= budget,
    );
    if (page.kind === "content") {
      add(
        `${page.path}: JavaScript requests`,
        measured ? page.scriptRequests : null,
        "= 0",
        "",
        page.scriptRequests === 0,
      );
    }
  }
  const homeLighthouse = report.lighthouse?.find((entry) => entry.path === "/");
  if (homeLighthouse) {
    const tbt = homeLighthouse.metrics.tbtMs;
    add("Lighthouse total blocking time /", Number.isNaN(tbt) ? null : tbt, "= 0", "ms", tbt === 0);
    const performance = homeLighthouse.scores.performance;
    add("Lighthouse performance / (issue 20)", performance, "= 100", "score", performance === 100);
  }
  const lighthouseTargets = [
    ["performance", ">= 95", (score: number) => score >= 95],
    ["accessibility", "= 100", (score: number) => score === 100],
    ["best-practices", ">= 95", (score: number) => score >= 95],
    ["seo", "= 100", (score: number) => score === 100],
  ] as const;
  const { uploads } = report;
  const audited: [path: string, label: string][] = [
    ...LIGHTHOUSE_PAGES.map((page): [string, string] => [page, page]),
    [uploads.photoEvent.path, PHOTO_EVENT_LABEL],
  ];
  for (const [page, label] of audited) {
    const result = report.lighthouse?.find((entry) => entry.path === page);
    for (const [category, target, passes] of lighthouseTargets) {
      const score = result?.scores[category] ?? null;
      // A page Lighthouse could not audit fails its goals; only a skipped run is "skipped".
      const pass = score !== null ? passes(score) : report.lighthouse ? false : null;
      add(`Lighthouse ${category} ${label}`, score, target, "score", pass);
    }
  }
  const imageKb = uploads.photoEventImages ? kB(uploads.photoEventImages.imageBytes) : null;
  add(
    `Pictures ${PHOTO_EVENT_LABEL} loads at ${PHONE_VIEWPORT.width} px (x${PHONE_VIEWPORT.deviceScaleFactor})`,
    imageKb === null || Number.isNaN(imageKb) ? null : imageKb,
    `<= ${PHOTO_PAGE_IMAGE_KB}`,
    "kB",
    imageKb === null ? null : imageKb <= PHOTO_PAGE_IMAGE_KB,
  );
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
  const { memberImport } = report;
  add(
    `Import ${memberImport.rows} members from a CSV (upload + preview + import)`,
    memberImport.totalMs,
    "< 10000",
    "ms",
    memberImport.totalMs < 10000 && memberImport.imported === memberImport.rows,
  );
  add(
    `A spreadsheet bomb (${memberImport.bomb.fileKb} kB, its sheet 452 MB unpacked) refused: server memory increase`,
    memberImport.bomb.peakIncreaseMb,
    "< 50",
    "MB",
    memberImport.bomb.status === 400 && memberImport.bomb.peakIncreaseMb < 50,
  );
  add(
    `Server RSS after the run (${REST_SECONDS} s at rest)`,
    report.finalRssMb,
    "< 300",
    "MB",
    report.finalRssMb < 300,
  );
  for (const upload of uploads.documents) {
    const where = `${Math.round(upload.fileBytes / 1e6)} MB PDF (${upload.store === "s3" ? "S3 bucket" : "local folder"})`;
    add(
      `Upload a ${where}: server RSS rise`,
      upload.riseMb,
      `< ${DOCUMENT_RISE_MB}`,
      "MB",
      upload.ok && upload.riseMb < DOCUMENT_RISE_MB,
    );
    add(
      `Upload a ${where}: bytes stored`,
      upload.storedBytes,
      `= ${upload.fileBytes}`,
      "bytes",
      upload.ok && upload.storedBytes === upload.fileBytes,
    );
  }
  const { photoBurst: burst } = uploads;
  add(
    `${burst.photos} phone photos uploaded at once: saved`,
    burst.uploads.filter((upload) => upload.status === 200 && upload.ok).length,
    `= ${burst.photos}`,
    "uploads",
    burst.allSaved,
  );
  add(
    `${burst.photos} phone photos uploaded at once: events with a picture of their own`,
    burst.distinctPictures,
    `= ${burst.photos}`,
    "events",
    burst.distinctPictures === burst.photos,
  );
  add(
    `${burst.photos} phone photos uploaded at once: peak server RSS`,
    burst.peakRssMb,
    `< ${BURST_PEAK_MB}`,
    "MB",
    burst.peakRssMb < BURST_PEAK_MB,
  );
  add(
    `/healthz p99 while the photos are processed (on 2 cores)`,
    burst.healthz.p99Ms,
    `< ${BURST_HEALTHZ_P99_MS}`,
    "ms",
    burst.healthz.failures === 0 && burst.healthz.p99Ms < BURST_HEALTHZ_P99_MS,
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
    (({ memberImport: m }) =>
      `Member import, CSV of ${m.rows} rows (${m.csvKb} kB): upload ${m.uploadMs} ms, preview ${m.previewMs} ms, ` +
      `import ${m.importMs} ms (${m.imported} members), total ${m.totalMs} ms; undo ${m.undoMs} ms. ` +
      `A spreadsheet bomb of ${m.bomb.fileKb} kB: answered ${m.bomb.status} in ${m.bomb.ms} ms, ` +
      `server memory +${m.bomb.peakIncreaseMb} MB`)(results.staff),
    "",
    `Home page weight (gzip as served / level 9): JS ${kB(results.homeAssets.js.servedGzip)} / ${kB(results.homeAssets.js.gzip9)} kB in ${results.homeAssets.js.files} files, ` +
      `CSS ${kB(results.homeAssets.css.servedGzip)} / ${kB(results.homeAssets.css.gzip9)} kB in ${results.homeAssets.css.files} files, ` +
      `inline style ${kB(results.homeAssets.inlineStyle.gzip9)} kB, HTML ${kB(results.homeAssets.htmlServedGzip)} kB`,
  );
  out.push(
    "",
    "Public pages at 390 px, cold cache (bytes on the wire, headers included)",
    table([
      ["page", "requests", "kB", "kB without pictures", "JS requests", "JS kB", "picture kB"],
      ...results.pageWeights.map((page) => [
        page.path,
        page.requests,
        kB(page.bytes),
        kB(page.bytesWithoutImages),
        page.scriptRequests,
        kB(page.scriptBytes),
        kB(page.imageBytes),
      ]),
    ]),
  );
  if (results.lighthouse) {
    out.push(
      "",
      `Lighthouse 12 (mobile, simulated throttling; the median of each page's runs; benchmarkIndex ${results.lighthouse[0]?.benchmarkIndex ?? "?"})`,
      table([
        [
          "page",
          "perf",
          "a11y",
          "bp",
          "seo",
          "FCP ms",
          "LCP ms",
          "TBT ms",
          "CLS",
          "JS kB",
          "img kB",
          "runs perf/TBT",
        ],
        ...results.lighthouse.map((entry) => [
          entry.path === results.uploads.photoEvent.path ? PHOTO_EVENT_LABEL : entry.path,
          entry.scores.performance ?? "-",
          entry.scores.accessibility ?? "-",
          entry.scores["best-practices"] ?? "-",
          entry.scores.seo ?? "-",
          ...[entry.metrics.fcpMs, entry.metrics.lcpMs, entry.metrics.tbtMs, entry.metrics.cls].map(
            (value) => (Number.isNaN(value) ? "-" : value),
          ),
          kB(entry.transfer.script),
          kB(entry.transfer.image),
          entry.runs.map((run) => `${run.performance ?? "-"}/${run.tbtMs}`).join(" "),
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
  const { uploads } = results;
  const burst = uploads.photoBurst;
  const answerTimes = burst.uploads.map((upload) => upload.ms);
  const statuses = [
    ...new Set(burst.uploads.map((upload) => `${upload.status} ${upload.ok ? "ok" : "not ok"}`)),
  ];
  out.push(
    "",
    `Server RSS MB: after start ${memory.afterStart}, after seeding ${memory.afterSeed}, after load ${memory.afterLoad}, ` +
      `right after the run ${memory.rightAfterRun}, after ${REST_SECONDS} s at rest ${memory.afterRun} (anonymous ${memory.afterRunAnonymous})`,
    "",
    "Uploads (after that reading; server RSS sampled every 20 ms, with the kernel's peak counter)",
    table([
      ["25 MB PDF to", "status", "ms", "stored bytes", "RSS before MB", "peak MB", "+MB", "after MB"],
      ...uploads.documents.map((upload) => [
        upload.store === "s3" ? "S3 bucket (s3rver)" : "local folder",
        `${upload.status} ${upload.ok ? "ok" : upload.message}`,
        upload.ms,
        upload.storedBytes ?? "-",
        upload.baselineRssMb,
        upload.peakRssMb,
        upload.riseMb,
        upload.afterRssMb,
      ]),
    ]),
    `${burst.photos} phone photos (4032x3024 JPEG, ${burst.photoKb} kB each) sent at once: ${statuses.join(", ")}, ` +
      `${burst.distinctPictures} distinct pictures, all answered in ${burst.totalMs} ms (each ${Math.min(...answerTimes)}-${Math.max(...answerTimes)} ms); ` +
      `RSS ${burst.baselineRssMb} -> peak ${burst.peakRssMb} MB (+${burst.riseMb}), ${burst.afterRssMb} MB at the end`,
    `  /healthz meanwhile (every 50 ms, one at a time; goal p99 < ${BURST_HEALTHZ_P99_MS} ms on this 2-core machine, ` +
      `for "never blocks other requests for more than a few ms"): ${burst.healthz.requests} requests, ` +
      `p50 ${burst.healthz.p50Ms} ms, p99 ${burst.healthz.p99Ms} ms, max ${burst.healthz.maxMs} ms, ${burst.healthz.failures} failed`,
    `One more event with the photo (${uploads.photoEvent.path}): upload ${uploads.photoEvent.uploadMs} ms; ` +
      (uploads.photoEventImages
        ? `its page loads ${kB(uploads.photoEventImages.imageBytes)} kB of pictures at ${PHONE_VIEWPORT.width} px x${PHONE_VIEWPORT.deviceScaleFactor} ` +
          `(${uploads.photoEventImages.images.map((image) => `${image.url.split("/").pop()} ${kB(image.transferSize)} kB`).join(", ") || "none"})`
        : "Lighthouse skipped"),
    `Server RSS MB after the uploads: right after ${uploads.rssRightAfterMb}, after ${REST_SECONDS} s at rest ${uploads.rssAfterRestMb}`,
    `Server log: ${results.serverLog.loggedRequests} requests, ${results.serverLog.responses5xx} 5xx, ` +
      `${results.serverLog.stderrLines} stderr lines (${results.serverLog.savedTo})`,
    ...results.serverLog.stderrFirstLines.slice(0, 3).map((line) => `  ${line.slice(0, 160)}`),
    "",
    announcementSummary(results.announcement),
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

/**
 * The upload steps, last so that they change no other figure: the 25 MB document to the local
 * folder; ten phone photos at once (their events removed again); one event with the photo, whose
 * page Lighthouse audits and whose pictures are weighed in a phone; then the same document to a
 * second server that keeps its files in an S3 bucket (s3rver, in this process).
 */
async function measureUploads(
  server: BenchServer,
  jar: Awaited<ReturnType<typeof signIn>>,
  options: { lighthouse: boolean; port: number },
): Promise<{ uploads: UploadResults; lighthouse: LighthouseResult[] }> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "church-bench-files-"));
  try {
    const pdfPath = path.join(workDir, "bench-big-document.pdf");
    const pdfBytes = writeBenchPdf(pdfPath, BIG_DOCUMENT_FILLER);
    const describe = (upload: DocumentUploadResult) =>
      `${upload.status} ${upload.ok ? "ok" : upload.message} in ${upload.ms} ms, RSS ${upload.baselineRssMb} -> ` +
      `peak ${upload.peakRssMb} MB (+${upload.riseMb}), stored ${upload.storedBytes ?? "?"} bytes`;
    log(`Uploading a PDF of ${pdfBytes.toLocaleString("en")} bytes to the eLibrary (local folder)...`);
    const documentLocal = await measureDocumentUpload(server, jar, pdfPath, "local");
    log(`  ${describe(documentLocal)}`);

    log("Making a 4032x3024 phone photo...");
    const photo = await phoneJpeg();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    log(`Uploading ${BURST_PHOTOS} phone photos at once (${Math.round(photo.length / 1024)} kB each)...`);
    const photoBurst = await measurePhotoBurst(server, jar, photo);
    log(
      `  ${photoBurst.uploads.filter((upload) => upload.ok).length} saved in ${photoBurst.totalMs} ms, ` +
        `peak RSS ${photoBurst.peakRssMb} MB (+${photoBurst.riseMb}); /healthz p50 ${photoBurst.healthz.p50Ms} ms, ` +
        `p99 ${photoBurst.healthz.p99Ms} ms, max ${photoBurst.healthz.maxMs} ms over ${photoBurst.healthz.requests} requests`,
    );
    const failed = photoBurst.uploads.find((upload) => upload.status !== 200 || !upload.ok);
    if (failed) log(`  an upload answered ${failed.status}: ${failed.message}`);

    const made = await createPhotoEvent(server, jar, photo, PHOTO_EVENT_TITLE);
    const photoEvent = { path: `/events/${made.id}`, uploadMs: made.answer.ms };
    log(`One event with the photo: ${photoEvent.path} (upload ${photoEvent.uploadMs} ms)`);
    let photoEventImages: ImageBytesResult | null = null;
    let lighthouse: LighthouseResult[] = [];
    if (options.lighthouse) {
      log("Lighthouse on its page, then its pictures in a 390 px phone...");
      lighthouse = await runLighthouse(server.baseUrl, [photoEvent.path], log);
      photoEventImages = await measureImageBytes(server.baseUrl, photoEvent.path, PHONE_VIEWPORT, log);
      log(
        `  ${kB(photoEventImages.imageBytes)} kB of pictures in ${photoEventImages.images.length} requests`,
      );
    }

    log("Uploading the PDF to a second server that keeps its files in an S3 bucket (s3rver)...");
    const s3 = await startS3(options.port + 2);
    activeStops.add(s3.stop);
    let documentS3: DocumentUploadResult;
    try {
      const s3Server = await startServer({
        root: ROOT,
        port: options.port + 1,
        admin: ADMIN,
        log,
        env: s3.env,
      });
      activeStops.add(s3Server.stop);
      try {
        const s3Jar = await signIn(s3Server.baseUrl, ADMIN.email, ADMIN.password);
        documentS3 = await measureDocumentUpload(s3Server, s3Jar, pdfPath, "s3", s3.bucket);
      } catch (error) {
        const lastWords = tail(s3Server.stderrLog, 20);
        if (lastWords) log(`S3 server stderr (last lines):\n${lastWords}`);
        throw error;
      } finally {
        await s3Server.stop();
        activeStops.delete(s3Server.stop);
      }
    } finally {
      await s3.stop();
      activeStops.delete(s3.stop);
    }
    log(`  ${describe(documentS3)}`);

    const rssRightAfterMb = memoryMb(server.pid);
    log(`Letting the server rest ${REST_SECONDS} s after the uploads...`);
    await new Promise((resolve) => setTimeout(resolve, REST_SECONDS * 1000));
    return {
      uploads: {
        documents: [documentLocal, documentS3],
        photoBurst,
        photoEvent,
        photoEventImages,
        rssRightAfterMb,
        rssAfterRestMb: memoryMb(server.pid),
      },
      lighthouse,
    };
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

async function runBench(options: { quick: boolean; lighthouse: boolean; gzip: boolean; port: number }) {
  const { quick } = options;
  const loadSeconds = quick ? 5 : 10;
  const warmupSeconds = quick ? 2 : 3;
  const started = Date.now();
  const date = new Date().toISOString();
  // Other work on the machine skews every figure: keep the load average with the results.
  const loadAverageBefore = os.loadavg().map((value) => round(value, 2));
  if (options.lighthouse) chromiumPath(); // fail now, not after the load tests
  // The upload step's second server (on an S3 bucket) and its bucket take the next two ports.
  for (const port of [options.port, options.port + 1, options.port + 2]) await assertPortFree(port);
  log("Checking the build...");
  ensureBuild(ROOT);

  // The announcement step's e-mails really go out, to a mail server in this process.
  const smtp = await startSmtpPeer();
  activeStops.add(smtp.stop);
  const server = await startServer({ root: ROOT, port: options.port, admin: ADMIN, log, env: smtpEnv(smtp) });
  activeStops.add(server.stop);
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
    // The reference is the site's static file closest in size to the home page's HTML, so both
    // load tests move about the same number of bytes. Public pages load no files of their own
    // (ADR 013), so it is taken among the members area's (its sign-in page's scripts).
    const appAssets = await measurePageAssets(server.baseUrl, "/members/login");
    const distance = (bytes: number) => Math.abs(bytes - homeAssets.htmlBytes);
    const reference = [...homeAssets.files, ...appAssets.files].sort(
      (a, b) => distance(a.bytes) - distance(b.bytes),
    )[0];
    if (!reference) throw new Error("The site loads no static file to use as the reference.");

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

    log(`Importing a spreadsheet of members (a generated CSV), then undoing it...`);
    const memberImport = await measureMemberImport(server.baseUrl, jar, server.sql, server.pid);
    log(
      `  import ${memberImport.rows} rows: upload ${memberImport.uploadMs} ms, preview ${memberImport.previewMs} ms, ` +
        `import ${memberImport.importMs} ms, total ${memberImport.totalMs} ms; undo ${memberImport.undoMs} ms`,
    );
    log(
      `  a spreadsheet bomb of ${memberImport.bomb.fileKb} kB: answered ${memberImport.bomb.status} in ${memberImport.bomb.ms} ms, ` +
        `server memory +${memberImport.bomb.peakIncreaseMb} MB`,
    );

    let lighthouse: LighthouseResult[] | null = null;
    if (options.lighthouse) {
      log("Lighthouse (one page at a time)...");
      lighthouse = await runLighthouse(server.baseUrl, LIGHTHOUSE_PAGES, log);
    }

    log("What a phone downloads for each public page (Chromium, 390 px, empty cache)...");
    const pageWeights = await measurePageWeights(server.baseUrl, await publicRoutes(server.baseUrl), log);

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

    const measuredUploads = await measureUploads(server, jar, options);
    const { uploads } = measuredUploads;
    if (lighthouse) lighthouse = [...lighthouse, ...measuredUploads.lighthouse];

    // Last, as it adds 5,000 members and leaves the worker sending until the server stops.
    log(`An announcement to 5,000 people, sent while the public pages are load-tested...`);
    const announcement: AnnouncementBenchResult = await measureAnnouncement(server, jar, smtp, {
      pages: PUBLIC_PAGES,
      loadOptions,
      recordedBy: ADMIN.email,
      log,
    });
    const serverLog = serverLogSummary(server);

    const measured = {
      staticAsset: { ...staticAsset, path: reference.url, fileBytes: reference.bytes },
      load: load.map((result) => ({
        ...result,
        ratioToStatic: round(result.requestsPerSecond / staticAsset.requestsPerSecond, 3),
        ratioToHome: round(result.requestsPerSecond / load[0]!.requestsPerSecond, 3),
      })),
    };
    const goals: Goal[] = evaluateGoals({
      load,
      staticAsset,
      homeAssets,
      search,
      exports,
      memberImport,
      lighthouse,
      finalRssMb: memoryAfterRun,
      uploads,
      pageWeights,
    }).concat(announcementGoals(announcement));
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
      staff: { search, pages, exports, memberImport },
      uploads,
      announcement,
      pageWeights,
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
    activeStops.delete(server.stop);
    await smtp.stop();
    activeStops.delete(smtp.stop);
  }
}

/** What a Ctrl-C must stop: the servers and the S3 bucket running now. */
const activeStops = new Set<() => Promise<void>>();
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
      void Promise.allSettled([...activeStops].map((stop) => stop())).finally(() => process.exit(130));
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
