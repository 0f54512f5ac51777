// The bench's steps in order: the production build on a throw-away DATA_DIR seeded with a large
// church's data; load tests of the public pages against a static file; the signed-in pages,
// search and CSV exports; a member import; Lighthouse and the public pages' weight; the uploads;
// and last an announcement to 5,000 people sent to an SMTP server in this process. Returns every
// figure with the goals checked against them.
import os from "node:os";
import {
  type AnnouncementBenchResult,
  announcementGoals,
  measureAnnouncement,
  smtpEnv,
  startSmtpPeer,
} from "./announcements";
import { measurePageAssets } from "./assets";
import { type Goal, evaluateGoals } from "./goals";
import { round, signIn } from "./http";
import { chromiumPath, type LighthouseResult, runLighthouse } from "./lighthouse";
import { loadTest, type LoadResult } from "./load";
import { measureMemberImport } from "./member-import";
import { measureRosters, rosterGoals } from "./rosters";
import { attendanceGoals, measureAttendance } from "./attendance";
import { measurePageWeights, publicRoutes } from "./page-weight";
import { gitInfo, machineInfo, serverLogSummary } from "./report";
import { SEED_COUNTS, seedBenchData } from "./seed";
import { assertPortFree, ensureBuild, readMemory, startServer, tail } from "./server";
import {
  ADMIN,
  CONNECTIONS,
  LIGHTHOUSE_PAGES,
  log,
  MB,
  memoryMb,
  PUBLIC_PAGES,
  REST_SECONDS,
  ROOT,
} from "./settings";
import { type ExportResult, measureExport, measurePage, measureSearch, searchQueries } from "./staff";
import { activeStops } from "./stops";
import { measureUploads } from "./upload-steps";

export interface BenchOptions {
  quick: boolean;
  lighthouse: boolean;
  gzip: boolean;
  port: number;
}

export type BenchResults = Awaited<ReturnType<typeof runBench>>;

export async function runBench(options: BenchOptions) {
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

    log("Serving rosters: 16 teams of 60 positions, 8 weeks filled; one team's grid and the overview...");
    const rosters = await measureRosters(server.baseUrl, jar, server.sql, quick ? 10 : 30);
    log(
      `  grid: p50 ${rosters.grid.p50Ms} ms, p95 ${rosters.grid.p95Ms} ms; overview p95 ${rosters.overview.p95Ms} ms`,
    );

    log(
      "Attendance: 3 years of weekly headcounts, 40 groups of 50 members meeting weekly; the trends page...",
    );
    const attendance = await measureAttendance(server.baseUrl, jar, server.sql, quick ? 10 : 30);
    log(
      `  trends 3 years: p50 ${attendance.trends3y.p50Ms} ms, p95 ${attendance.trends3y.p95Ms} ms; 12 weeks p95 ${attendance.trends12w.p95Ms} ms`,
    );

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
    })
      .concat(rosterGoals(rosters))
      .concat(attendanceGoals(attendance))
      .concat(announcementGoals(announcement));
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
      rosters,
      attendance,
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
