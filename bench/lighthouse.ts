// Lighthouse 12 in the system Chromium: the default (mobile, simulated throttling) configuration,
// one page at a time, never while a load test runs.
import fs from "node:fs";
import { launch } from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";

export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export interface LighthouseResult {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number; ttiMs: number };
  /** Transfer sizes Lighthouse saw for the page, bytes. */
  transfer: {
    script: number;
    stylesheet: number;
    document: number;
    image: number;
    total: number;
    requests: number;
  };
  /** Audits below full marks: every one in accessibility, best practices and SEO; performance ones under 0.9. */
  failingAudits: { id: string; category: string; title: string; score: number; displayValue?: string }[];
  warnings: string[];
  /** Lighthouse's measure of this machine's CPU speed (simulated timings depend on it). */
  benchmarkIndex: number;
  /** Every run's performance score and total blocking time; the figures above are the median run's. */
  runs: { performance: number | null; tbtMs: number }[];
  /** Failed attempts (the scores are null when every attempt failed). */
  errors?: string[];
}

export function chromiumPath(): string {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!fs.existsSync(chromium)) {
    throw new Error(
      `Chromium was not found at ${chromium}, so Lighthouse cannot run.\n` +
        "Install it (Debian/Ubuntu: sudo apt-get install chromium), set CHROMIUM_PATH to a Chromium or " +
        "Chrome binary, or run with --no-lighthouse.",
    );
  }
  return chromium;
}

/** One Lighthouse run in a Chromium of its own, so a failed run leaves nothing behind for the next. */
async function auditPage(url: string, flags: Flags = { onlyCategories: [...CATEGORIES] }) {
  const chrome = await launch({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const runner = await lighthouse(url, { ...flags, port: chrome.port, output: "json", logLevel: "error" });
    if (!runner) throw new Error("Lighthouse returned no result");
    if (runner.lhr.runtimeError) throw new Error(runner.lhr.runtimeError.message);
    return runner.lhr;
  } finally {
    chrome.kill();
  }
}

type Report = Awaited<ReturnType<typeof auditPage>>;

function summarize(path: string, lhr: Report): LighthouseResult {
  const audit = (id: string) => lhr.audits[id];
  const numeric = (id: string) => Math.round((audit(id)?.numericValue ?? NaN) * 1000) / 1000;
  const summary =
    (
      audit("resource-summary")?.details as
        { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined
    )?.items ?? [];
  const transferOf = (type: string) => summary.find((item) => item.resourceType === type)?.transferSize ?? 0;
  const failingAudits: LighthouseResult["failingAudits"] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const result = lhr.audits[ref.id];
      if (!result || result.score === null) continue;
      if (["notApplicable", "informative", "manual"].includes(result.scoreDisplayMode)) continue;
      const threshold = category === "performance" ? 0.9 : 1;
      if (result.score >= threshold) continue;
      failingAudits.push({
        id: ref.id,
        category,
        title: result.title,
        score: result.score,
        ...(result.displayValue ? { displayValue: result.displayValue } : {}),
      });
    }
  }
  const score = (category: (typeof CATEGORIES)[number]) => {
    const value = lhr.categories[category]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  return {
    path,
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    metrics: {
      fcpMs: Math.round(numeric("first-contentful-paint")),
      lcpMs: Math.round(numeric("largest-contentful-paint")),
      tbtMs: Math.round(numeric("total-blocking-time")),
      cls: numeric("cumulative-layout-shift"),
      speedIndexMs: Math.round(numeric("speed-index")),
      ttiMs: Math.round(numeric("interactive")),
    },
    transfer: {
      script: transferOf("script"),
      stylesheet: transferOf("stylesheet"),
      document: transferOf("document"),
      image: transferOf("image"),
      total: transferOf("total"),
      requests: summary.find((item) => item.resourceType === "total")?.requestCount ?? 0,
    },
    failingAudits,
    warnings: lhr.runWarnings,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    runs: [],
  };
}

/**
 * Runs per page. One Lighthouse run on a shared machine can be off by several points (a task that
 * another process slowed down counts as blocking time), so each page is audited this many times
 * and the run closest to the median FCP and TTI is reported, as Lighthouse's own docs advise.
 */
const RUNS = 3;
/** Failed runs (NO_NAVSTART and the like) allowed per page before it is reported as failed. */
const ATTEMPTS = 3;

export async function runLighthouse(
  baseUrl: string,
  paths: string[],
  log: (message: string) => void,
): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  for (const path of paths) {
    const started = Date.now();
    const errors: string[] = [];
    const reports: Report[] = [];
    // Lighthouse sometimes loses a page's trace: try again, then report the page as failed rather
    // than stop the whole bench.
    while (reports.length < RUNS && errors.length < ATTEMPTS) {
      try {
        reports.push(await auditPage(baseUrl + path));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        errors.push(message);
        log(`  Lighthouse ${path}: attempt failed: ${message}`);
      }
    }
    const result: LighthouseResult =
      reports.length > 0
        ? {
            ...summarize(path, computeMedianRun(reports)),
            runs: reports
              .map((report) => summarize(path, report))
              .map((run) => ({
                performance: run.scores.performance,
                tbtMs: run.metrics.tbtMs,
              })),
          }
        : {
            path,
            scores: { performance: null, accessibility: null, "best-practices": null, seo: null },
            metrics: { fcpMs: NaN, lcpMs: NaN, tbtMs: NaN, cls: NaN, speedIndexMs: NaN, ttiMs: NaN },
            transfer: { script: 0, stylesheet: 0, document: 0, image: 0, total: 0, requests: 0 },
            failingAudits: [],
            warnings: [],
            benchmarkIndex: NaN,
            runs: [],
          };
    if (errors.length > 0) result.errors = errors;
    results.push(result);
    const s = result.scores;
    log(
      `  Lighthouse ${path}: perf ${s.performance} a11y ${s.accessibility} bp ${s["best-practices"]} seo ${s.seo} ` +
        `(runs: ${result.runs.map((run) => `${run.performance}/${run.tbtMs} ms`).join(", ")}; ` +
        `${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  return results;
}

export interface ImageBytesResult {
  path: string;
  viewport: { width: number; height: number; deviceScaleFactor: number };
  /** Every picture the page downloaded, bytes on the wire (headers included). */
  imageBytes: number;
  images: { url: string; transferSize: number; resourceSize: number; mimeType: string }[];
  /** Why the figure is missing (every attempt failed). */
  error?: string;
}

/**
 * The pictures a page downloads in a phone of the given width: a Lighthouse run of the network
 * requests audit alone (mobile emulation, simulated throttling), its image requests summed.
 */
export async function measureImageBytes(
  baseUrl: string,
  path: string,
  viewport: ImageBytesResult["viewport"],
  log: (message: string) => void,
): Promise<ImageBytesResult> {
  let error = "";
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      const lhr = await auditPage(baseUrl + path, {
        onlyAudits: ["network-requests"],
        formFactor: "mobile",
        screenEmulation: { mobile: true, disabled: false, ...viewport },
      });
      const items =
        (
          lhr.audits["network-requests"]?.details as
            | {
                items?: {
                  url: string;
                  resourceType?: string;
                  mimeType?: string;
                  transferSize?: number;
                  resourceSize?: number;
                }[];
              }
            | undefined
        )?.items ?? [];
      const images = items
        .filter((item) => item.resourceType === "Image")
        .map((item) => ({
          url: item.url.replace(baseUrl, ""),
          transferSize: item.transferSize ?? 0,
          resourceSize: item.resourceSize ?? 0,
          mimeType: item.mimeType ?? "",
        }));
      return {
        path,
        viewport,
        imageBytes: images.reduce((sum, image) => sum + image.transferSize, 0),
        images,
      };
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
      log(`  Lighthouse image bytes ${path}: attempt ${attempt} failed: ${error}`);
    }
  }
  return { path, viewport, imageBytes: NaN, images: [], error };
}
