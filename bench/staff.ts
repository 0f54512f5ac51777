// The signed-in side: member search, the heavy members pages, and every CSV export of the whole
// data set with the server's memory watched while it streams.
import { type CookieJar, percentile, request, round } from "./http";
import { readMemory, resetPeak } from "./server";

export interface TimingSummary {
  path: string;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Average page size, bytes (uncompressed). */
  bytes: number;
}

async function timeSequentially(
  baseUrl: string,
  jar: CookieJar,
  paths: string[],
  label: string,
): Promise<TimingSummary> {
  const times: number[] = [];
  let bytes = 0;
  for (const path of paths) {
    const response = await request(baseUrl + path, { headers: { Cookie: jar.header() } });
    jar.store(response.headers["set-cookie"]);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status} (signed out?)`);
    times.push(response.ms);
    bytes += response.bytes;
  }
  return {
    path: label,
    requests: times.length,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    maxMs: round(Math.max(...times)),
    bytes: Math.round(bytes / times.length),
  };
}

/** Searches as staff type them: first names, surnames, two words, e-mail and phone fragments, misses. */
export function searchQueries(count: number, words: { first: string[]; last: string[] }): string[] {
  const queries: string[] = [];
  for (let i = 0; queries.length < count; i++) {
    const first = words.first[(i * 7) % words.first.length]!;
    const last = words.last[(i * 11) % words.last.length]!;
    const variants = [
      first,
      last.toLowerCase(),
      `${first} ${last}`,
      first.slice(0, 3).toLowerCase(),
      `${first.toLowerCase()}.${last.toLowerCase().replace(/\s/g, "")}`,
      `3${String(100 + ((i * 37) % 900))}`,
      "gmail",
      `nobody${i}`,
    ];
    queries.push(variants[i % variants.length]!);
  }
  return queries;
}

export async function measureSearch(baseUrl: string, jar: CookieJar, queries: string[]) {
  // One untimed search first, so the measurement starts with warm query plans.
  await request(`${baseUrl}/members/details?q=warmup`, { headers: { Cookie: jar.header() } });
  const summary = await timeSequentially(
    baseUrl,
    jar,
    queries.map((q) => `/members/details?q=${encodeURIComponent(q)}`),
    "/members/details?q=…",
  );
  return { ...summary, distinctQueries: new Set(queries).size };
}

export async function measurePage(baseUrl: string, jar: CookieJar, path: string, times: number) {
  await request(baseUrl + path, { headers: { Cookie: jar.header() } });
  return timeSequentially(baseUrl, jar, Array<string>(times).fill(path), path);
}

export interface ExportResult {
  name: string;
  path: string;
  rows: number;
  bytes: number;
  /** Full download time of each run, ms. */
  runsMs: number[];
  medianMs: number;
  /** Server RSS just before the first run, MB. */
  baselineRssMb: number;
  /** Highest server RSS seen during the runs (sampled every 20 ms, and the kernel's peak), MB. */
  peakRssMb: number;
  peakIncreaseMb: number;
  peakFromKernel: boolean;
}

const MB = 1024 * 1024;

export async function measureExport(
  baseUrl: string,
  jar: CookieJar,
  serverPid: number,
  name: string,
  path: string,
  runs: number,
): Promise<ExportResult> {
  const baseline = readMemory(serverPid).rss;
  const kernelPeak = resetPeak(serverPid);
  let peak = baseline;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, readMemory(serverPid).rss);
    } catch {
      // the server is gone; the request below fails and says so
    }
  }, 20);
  const runsMs: number[] = [];
  let rows = 0;
  let bytes = 0;
  try {
    for (let run = 0; run < runs; run++) {
      let lines = 0;
      const response = await request(baseUrl + path, {
        headers: { Cookie: jar.header() },
        discardBody: true,
        onChunk: (chunk) => {
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        },
      });
      if (response.status !== 200 || !String(response.headers["content-type"]).startsWith("text/csv"))
        throw new Error(`${path} answered ${response.status} ${response.headers["content-type"]}`);
      runsMs.push(round(response.ms));
      rows = lines - 1; // the header line
      bytes = response.bytes;
    }
  } finally {
    clearInterval(sampler);
  }
  const after = readMemory(serverPid);
  if (kernelPeak) peak = Math.max(peak, after.hwm);
  return {
    name,
    path,
    rows,
    bytes,
    runsMs,
    medianMs: percentile(runsMs, 50),
    baselineRssMb: round(baseline / MB),
    peakRssMb: round(peak / MB),
    peakIncreaseMb: round((peak - baseline) / MB),
    peakFromKernel: kernelPeak,
  };
}
