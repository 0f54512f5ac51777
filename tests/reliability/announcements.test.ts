import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startSmtpServer } from "../helpers/smtp";
import { createPostgresDatabase, query, startServer, stopServer, type ServerUnderTest } from "./helpers";

// An announcement to thirty people, sent by the worker at its pace, through a server killed in
// the middle of it: after the restart it goes on (what the killed server had taken from the
// outbox, once its lease runs out) and each person receives it exactly once
// (counted by the test SMTP server). On PostgreSQL a second server sends beside the first the
// whole time, so two servers share the queue as well.

const kinds = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])] as const;
let port = 3530;
const PEOPLE = 30;

describe.each(kinds)("an announcement through a server killed mid-send, on %s", (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `church-announce-${kind}-`));
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> = null;
  const servers: ServerUnderTest[] = [];
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;

  afterAll(async () => {
    for (const server of servers) await stopServer(server);
    await smtp?.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("resumes after the restart and sends nobody the announcement twice", async () => {
    if (kind === "postgres") database = await createPostgresDatabase();
    smtp = await startSmtpServer();
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      SMTP_URL: smtp.url,
      MAIL_FROM: "office@church.example.org",
      ...(database
        ? { DATABASE_URL: database.url, SESSION_SECRET: "announce-secret-0123456789-abcdefghij" }
        : {}),
    };
    const sql = <Row>(text: string) => query<Row>(dataDir, database?.url, text);

    const first = await startServer(env, port++);
    servers.push(first);
    if (database) servers.push(await startServer({ ...env, DATA_DIR: `${dataDir}-second` }, port++));
    // Two a second: twenty in each ten seconds, so the sending spans more than one round.
    await sql(`insert into settings (key, value) values ('announcements:per-second', '2'::jsonb)`);
    await sql(`
      with people as (
        insert into members (first_name, last_name, email, mobile, ministry_involvement)
        select 'Person', 'No' || n, 'person' || n || '@example.org', '3300' || n, array['amplify']
        from generate_series(1, ${PEOPLE}) as n
        returning id
      )
      insert into consents (member_id, kind, notice_version, recorded_by)
      select id, 'email', 1, 'office@example.org' from people`);
    await sql(`
      insert into announcements (subject, body, audience, status, scheduled_at, created_by_name)
      values ('Practice moves to Saturday', 'See you there.',
              '{"combine":"any","parts":[{"kind":"ministry","slug":"amplify"}]}'::jsonb,
              'scheduled', now(), 'Office')`);

    // Killed once the first e-mails have gone, well before the last.
    const deadline = Date.now() + 60_000;
    while (smtp.received.length < 3 && Date.now() < deadline) await pause(100);
    expect(smtp.received.length).toBeGreaterThan(0);
    first.process.kill("SIGKILL");
    await new Promise((resolve) => first.process.once("exit", resolve));
    servers.splice(servers.indexOf(first), 1);
    expect(smtp.received.length).toBeLessThan(PEOPLE);

    servers.push(await startServer(env, port++));
    // The e-mails the killed server had taken wait for their lease to run out (two minutes). The
    // test moves that clock on: a lease taken more than 5 s ago is the killed server's (a live
    // worker holds one only while it sends a batch to the local SMTP server, well under a second).
    const expireDeadLeases = () =>
      sql(`update outbox_emails set locked_until = now()
        where status = 'pending' and locked_until > now() and locked_until < now() + interval '115 seconds'`);
    for (let tries = 0; tries < 20 && smtp.received.length < PEOPLE; tries++) {
      await expireDeadLeases();
      await pause(1000);
    }
    const end = Date.now() + 200_000;
    while (smtp.received.length < PEOPLE && Date.now() < end) await pause(250);
    // A few more rounds of the workers: nothing is sent again.
    await pause(12_000);

    const perAddress = new Map<string, number>();
    for (const mail of smtp.received) {
      const to = JSON.stringify(mail.to);
      perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    }
    expect(perAddress.size).toBe(PEOPLE);
    expect([...perAddress.values()].every((count) => count === 1)).toBe(true);
    expect(
      await sql<{ status: string; n: number }>(
        "select status, count(*)::int as n from announcement_recipients group by status",
      ),
    ).toEqual([{ status: "sent", n: PEOPLE }]);
    expect(await sql<{ status: string }>("select status from announcements")).toEqual([{ status: "sent" }]);
  }, 300_000);
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
