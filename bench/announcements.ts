// An announcement to 5,000 people (issue 35), through the real screens: 5,000 active members of
// one ministry who agreed to the church's e-mails are seeded by SQL; the bench admin composes a
// draft for that ministry and presses "send now". Goal one is the time from the compose post until
// all 5,000 recipients are written (the announcement's delivery queue, decision 024). Then the
// worker hands them to the outbox at the church's pace and the outbox sends them to a real SMTP
// server in this process; goal two is the public pages' throughput meanwhile, against the same
// pages measured idle just before and again after the announcement is cancelled (the machine may
// be shared: two idle readings around the one while sending keep a drift out of the ratio). The
// server's own CPU use is read too, without load, idle and while sending: the cost of sending.
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { type CookieJar, request, round } from "./http";
import { loadTest, type LoadResult } from "./load";
import type { BenchServer } from "./server";

export const ANNOUNCEMENT_AUDIENCE = 5000;
/** The ministry the seeded people belong to (a slug of the church's content). */
export const ANNOUNCEMENT_MINISTRY = "acts-kids";
const QUEUED_GOAL_MS = 10_000;
/** The windows without requests last as long as the pace's window (decision 024): 10 s. */
const QUIET_SECONDS = 10;
const THROUGHPUT_GOAL_RATIO = 0.8;
const SUBJECT = "Bench: Family Sunday this week";
const BODY = [
  "Dear church family,",
  "",
  "Join us this **Friday** for a family service, with lunch after. Bring a friend!",
  "",
  "- Kids' programme at 10:00",
  "- Worship at 10:30",
].join("\n");

/** A mail server that counts what it receives (without parsing: it shares the cores with the load). */
export interface SmtpPeer {
  url: string;
  /** E-mails accepted so far, and those that carried a List-Unsubscribe header (announcements). */
  counts(): { received: number; withUnsubscribe: number };
  stop(): Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  let received = 0;
  let withUnsubscribe = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString("latin1");
      });
      stream.on("end", () => {
        received++;
        const headers = head.split(/\r?\n\r?\n/, 1)[0] ?? "";
        if (/^List-Unsubscribe:/im.test(headers)) withUnsubscribe++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    counts: () => ({ received, withUnsubscribe }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The server settings that make the bench server send through the peer. */
export function smtpEnv(peer: SmtpPeer): Record<string, string> {
  return { SMTP_URL: peer.url, MAIL_FROM: '"ACTS Church Bench" <office@bench.test>' };
}

/** Seeds `count` active members of `ministry`, each with e-mail consent; returns how many. */
export async function seedAnnouncementAudience(
  sql: BenchServer["sql"],
  options: { count: number; ministry: string; recordedBy: string },
): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `WITH made AS (
       INSERT INTO members (first_name, last_name, email, mobile, ministry_involvement, membership_status, created_at)
       SELECT 'Reader', 'Number ' || i, 'announcement.reader' || i || '@example.org',
              '3' || lpad(i::text, 7, '0'), ARRAY[$1::text], 'active', now() - i * interval '1 minute'
       FROM generate_series(1, $2::int) AS i
       RETURNING id),
     agreed AS (
       INSERT INTO consents (member_id, kind, notice_version, recorded_by)
       SELECT id, 'email', 1, $3 FROM made
       RETURNING 1)
     SELECT count(*)::int AS n FROM agreed`,
    [options.ministry, options.count, options.recordedBy],
  );
  await sql("ANALYZE members");
  await sql("ANALYZE consents");
  return row?.n ?? 0;
}

/** CPU seconds a process has used (user + system), from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after "pid (comm) ".
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The share of one core the server used over `seconds` with no requests, and the e-mails received. */
async function quietWindow(server: BenchServer, smtp: SmtpPeer, seconds: number) {
  const cpu = cpuSeconds(server.pid);
  const emails = smtp.counts().withUnsubscribe;
  const started = performance.now();
  await sleep(seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  return {
    seconds: round(elapsed),
    cpuPercent: round(((cpuSeconds(server.pid) - cpu) / elapsed) * 100),
    announcementEmails: smtp.counts().withUnsubscribe - emails,
  };
}

/** Load-tests each page in turn; also the server's CPU use meanwhile, % of one core. */
async function loadPages(server: BenchServer, pages: string[], loadOptions: Parameters<typeof loadTest>[2]) {
  const cpu = cpuSeconds(server.pid);
  const started = performance.now();
  const results: LoadResult[] = [];
  for (const page of pages) results.push(await loadTest(server.baseUrl, page, loadOptions));
  const elapsed = (performance.now() - started) / 1000;
  return { results, seconds: elapsed, cpuPercent: round(((cpuSeconds(server.pid) - cpu) / elapsed) * 100) };
}

export interface AnnouncementBenchResult {
  ministry: string;
  seeded: number;
  /** Recipient rows written for the announcement (its delivery queue). */
  recipients: number;
  /** The pace setting in effect, e-mails a second (null: the default, 3). */
  paceSetting: number | null;
  composeMs: number;
  sendNowMs: number;
  /** From sending the compose post until every recipient row exists. */
  queuedMs: number;
  /** The public pages before sending, while sending, and after the announcement was cancelled. */
  idle: LoadResult[];
  whileSending: LoadResult[];
  idleAfter: LoadResult[];
  /** Each page's throughput while sending / the mean of its two idle readings. */
  ratios: { path: string; ratio: number }[];
  /** The server's CPU use, % of one core: during each load phase, and with no requests. */
  serverCpuPercent: { idleLoad: number; sendingLoad: number; idleAfterLoad: number };
  quiet: {
    idle: Awaited<ReturnType<typeof quietWindow>>;
    sending: Awaited<ReturnType<typeof quietWindow>>;
  };
  /** Until the first e-mail reached the SMTP peer, from the "send now" answer. */
  firstEmailAfterMs: number | null;
  /** What the SMTP peer received while the public pages were measured the second time. */
  window: { seconds: number; emails: number; announcementEmails: number; perSecond: number };
  /** The recipients' and the outbox's state at the end of the window. */
  recipientStates: Record<string, number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function postForm(
  baseUrl: string,
  jar: CookieJar,
  path: string,
  fields: [string, string][],
): Promise<{ location: string; ms: number }> {
  const response = await request(baseUrl + path, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: baseUrl,
      Cookie: jar.header(),
    },
    body: new URLSearchParams(fields).toString(),
  });
  jar.store(response.headers["set-cookie"]);
  const location = response.headers.location ?? "";
  // The screens answer a post with a redirect to the announcement's page (302 or 303).
  if (![302, 303].includes(response.status) || !location) {
    throw new Error(
      `POST ${path} answered ${response.status} ${location} ${response.body.toString().slice(0, 300)}`,
    );
  }
  return { location, ms: response.ms };
}

export async function measureAnnouncement(
  server: BenchServer,
  jar: CookieJar,
  smtp: SmtpPeer,
  options: {
    pages: string[];
    loadOptions: Parameters<typeof loadTest>[2];
    recordedBy: string;
    log: (message: string) => void;
  },
): Promise<AnnouncementBenchResult> {
  const { log } = options;
  const ministry = ANNOUNCEMENT_MINISTRY;
  const seeded = await seedAnnouncementAudience(server.sql, {
    count: ANNOUNCEMENT_AUDIENCE,
    ministry,
    recordedBy: options.recordedBy,
  });
  const [pace] = await server.sql<{ value: number }>(
    "SELECT value FROM settings WHERE key = 'announcements:per-second'",
  );
  log(`  seeded ${seeded} members of ${ministry} with e-mail consent; public pages idle first...`);

  const quietIdle = await quietWindow(server, smtp, QUIET_SECONDS);
  const idle = await loadPages(server, options.pages, options.loadOptions);
  log(
    `  idle: ${idle.results.map((result) => `${result.path} ${result.requestsPerSecond} req/s`).join(", ")}; ` +
      `server CPU ${quietIdle.cpuPercent}% without requests`,
  );

  const started = performance.now();
  // The compose form as the page posts it; "send now" posts it again (it saves what is typed first).
  const fields: [string, string][] = [
    ["subject", SUBJECT],
    ["body", BODY],
    ["link", ""],
    ["combine", "any"],
    ["ministry", ministry],
  ];
  const compose = await postForm(server.baseUrl, jar, "/members/announcements/new", [
    ["intent", "save"],
    ...fields,
  ]);
  const id = /^\/members\/announcements\/([0-9a-f-]{36})$/.exec(compose.location)?.[1];
  if (!id) throw new Error(`The new draft's address is not an announcement's: ${compose.location}`);
  const sendNow = await postForm(server.baseUrl, jar, `/members/announcements/${id}`, [
    ["intent", "send-now"],
    ...fields,
  ]);
  if (sendNow.location !== `/members/announcements/${id}`)
    throw new Error(`"Send now" went to ${sendNow.location}`);
  const sentAt = performance.now();
  let recipients = 0;
  for (;;) {
    const [row] = await server.sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM announcement_recipients WHERE announcement_id = $1",
      [id],
    );
    recipients = row?.n ?? 0;
    if (recipients >= seeded) break;
    if (performance.now() - started > 120_000)
      throw new Error(`Only ${recipients} of ${seeded} recipients were queued after 120 s.`);
    await sleep(20);
  }
  const queuedMs = round(performance.now() - started);
  log(
    `  compose ${round(compose.ms)} ms, send now ${round(sendNow.ms)} ms: ${recipients} recipients queued ` +
      `${queuedMs} ms after the compose post`,
  );

  // Measure only once e-mails are really going out (the worker's round comes every 5 s).
  let firstEmailAfterMs: number | null = null;
  while (performance.now() - sentAt < 60_000) {
    if (smtp.counts().withUnsubscribe > 0) {
      firstEmailAfterMs = round(performance.now() - sentAt);
      break;
    }
    await sleep(50);
  }
  if (firstEmailAfterMs === null) log("  no announcement e-mail reached the SMTP server within 60 s");
  else log(`  the first e-mail reached the SMTP server ${firstEmailAfterMs} ms after "send now"`);

  const before = smtp.counts();
  const sending = await loadPages(server, options.pages, options.loadOptions);
  const { seconds } = sending;
  const after = smtp.counts();
  const window = {
    seconds: round(seconds),
    emails: after.received - before.received,
    announcementEmails: after.withUnsubscribe - before.withUnsubscribe,
    perSecond: round((after.withUnsubscribe - before.withUnsubscribe) / seconds, 2),
  };
  log(
    `  while sending: ${sending.results.map((result) => `${result.path} ${result.requestsPerSecond} req/s`).join(", ")}; ` +
      `${window.announcementEmails} announcement e-mails received in ${window.seconds} s`,
  );
  const quietSending = await quietWindow(server, smtp, QUIET_SECONDS);
  log(
    `  without requests, while sending: server CPU ${quietSending.cpuPercent}%, ` +
      `${quietSending.announcementEmails} e-mails in ${quietSending.seconds} s`,
  );
  const states = await server.sql<{ status: string; n: number }>(
    "SELECT status, count(*)::int AS n FROM announcement_recipients WHERE announcement_id = $1 GROUP BY 1 ORDER BY 1",
    [id],
  );

  // Cancelled through its page, so nothing more is sent; once what was in the outbox has gone
  // (no e-mail for two worker rounds), the pages are measured idle again.
  await postForm(server.baseUrl, jar, `/members/announcements/${id}`, [["intent", "cancel"]]);
  for (let last = smtp.counts().received, still = 0; still < 12_000; still += 250) {
    await sleep(250);
    if (smtp.counts().received !== last) [last, still] = [smtp.counts().received, 0];
  }
  const idleAfter = await loadPages(server, options.pages, options.loadOptions);
  const ratios = sending.results.map((result, i) => ({
    path: result.path,
    ratio: round(
      result.requestsPerSecond /
        ((idle.results[i]!.requestsPerSecond + idleAfter.results[i]!.requestsPerSecond) / 2),
      3,
    ),
  }));
  log(
    `  idle again after cancelling: ${idleAfter.results.map((result) => `${result.path} ${result.requestsPerSecond} req/s`).join(", ")}; ` +
      `ratios ${ratios.map((entry) => `${entry.path} ${entry.ratio}`).join(", ")}`,
  );
  return {
    ministry,
    seeded,
    recipients,
    paceSetting: typeof pace?.value === "number" ? pace.value : null,
    composeMs: round(compose.ms),
    sendNowMs: round(sendNow.ms),
    queuedMs,
    idle: idle.results,
    whileSending: sending.results,
    idleAfter: idleAfter.results,
    ratios,
    serverCpuPercent: {
      idleLoad: idle.cpuPercent,
      sendingLoad: sending.cpuPercent,
      idleAfterLoad: idleAfter.cpuPercent,
    },
    quiet: { idle: quietIdle, sending: quietSending },
    firstEmailAfterMs,
    window,
    recipientStates: Object.fromEntries(states.map((row) => [row.status, row.n])),
  };
}

/** The two goals of issue 35 (the throughput one per public page), in the bench's goal shape. */
export function announcementGoals(result: AnnouncementBenchResult) {
  const goals = [
    {
      goal: `Announcement to ${ANNOUNCEMENT_AUDIENCE.toLocaleString("en")} queued (compose post to every recipient written)`,
      value: result.queuedMs,
      target: `< ${QUEUED_GOAL_MS}`,
      unit: "ms",
      pass: result.queuedMs < QUEUED_GOAL_MS && result.recipients >= ANNOUNCEMENT_AUDIENCE,
    },
  ];
  for (const { path, ratio } of result.ratios) {
    goals.push({
      goal: `${path} throughput while an announcement sends / idle`,
      value: ratio,
      target: `>= ${THROUGHPUT_GOAL_RATIO}`,
      unit: "ratio",
      // It counts only if e-mails really went out meanwhile.
      pass: ratio >= THROUGHPUT_GOAL_RATIO && result.window.announcementEmails > 0,
    });
  }
  return goals;
}

export function announcementSummary(result: AnnouncementBenchResult): string {
  const states = Object.entries(result.recipientStates)
    .map(([status, n]) => `${n} ${status}`)
    .join(", ");
  return [
    `Announcement to ${result.seeded} members of ${result.ministry}: compose ${result.composeMs} ms, send now ${result.sendNowMs} ms, ` +
      `${result.recipients} recipients queued ${result.queuedMs} ms after the compose post; ` +
      `pace ${result.paceSetting ?? "3 (default)"} e-mails/s; first e-mail at the SMTP server ${result.firstEmailAfterMs ?? "-"} ms after "send now"`,
    `  while the public pages were measured again (${result.window.seconds} s): ${result.window.announcementEmails} announcement e-mails received ` +
      `(${result.window.perSecond}/s; ${result.window.emails} e-mails in all); recipients then: ${states}; then cancelled`,
    `  server CPU, % of one core: without requests ${result.quiet.idle.cpuPercent} idle, ${result.quiet.sending.cpuPercent} while sending ` +
      `(${result.quiet.sending.announcementEmails} e-mails in ${result.quiet.sending.seconds} s); under load ${result.serverCpuPercent.idleLoad} idle, ` +
      `${result.serverCpuPercent.sendingLoad} while sending, ${result.serverCpuPercent.idleAfterLoad} idle after`,
    ...result.idle.map(
      (idle, i) =>
        `  ${idle.path}: idle ${idle.requestsPerSecond} req/s (p99 ${idle.latencyMs.p99} ms), while sending ` +
        `${result.whileSending[i]!.requestsPerSecond} req/s (p99 ${result.whileSending[i]!.latencyMs.p99} ms), ` +
        `idle after ${result.idleAfter[i]!.requestsPerSecond} req/s: ${result.ratios[i]!.ratio}`,
    ),
  ].join("\n");
}
