// The summary printed after the JSON report: one table per group of measurements, then the goals
// with PASS, FAIL or SKIP and how many were met.
import { announcementSummary } from "./announcements";
import { rosterSummary } from "./rosters";
import { attendanceSummary } from "./attendance";
import { kB } from "./assets";
import { BURST_HEALTHZ_P99_MS } from "./goals";
import { CONNECTIONS, PHONE_VIEWPORT, PHOTO_EVENT_LABEL, REST_SECONDS } from "./settings";
import type { BenchResults } from "./steps";

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

export function summary(results: BenchResults): string {
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
    rosterSummary(results.rosters),
    attendanceSummary(results.attendance),
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
