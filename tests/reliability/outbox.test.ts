import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startSmtpServer } from "../helpers/smtp";
import {
  ADMIN,
  createPostgresDatabase,
  query,
  sendMessage,
  startServer,
  stopServer,
  type ServerUnderTest,
} from "./helpers";

// A message's e-mails are in the database before the visitor is answered: a server killed before
// it sent them (here: before e-mail was even set up) sends them after its restart, once each.

const kinds = ["pglite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])] as const;
let port = 3490;

describe.each(kinds)("e-mail through a server killed before sending, on %s", (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `church-outbox-${kind}-`));
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> = null;
  let server: ServerUnderTest | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;

  afterAll(async () => {
    if (server) await stopServer(server);
    await smtp?.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends the queued e-mails after the restart, exactly once", async () => {
    if (kind === "postgres") database = await createPostgresDatabase();
    const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: "false" };
    if (database)
      Object.assign(env, {
        DATABASE_URL: database.url,
        SESSION_SECRET: "outbox-secret-0123456789-abcdefghijkl",
      });
    const sql = <Row>(text: string) => query<Row>(dataDir, database?.url, text);

    server = await startServer(env, port++);
    expect(await sendMessage(server, "198.51.100.7", "Please call me back")).toBe(true);
    expect(
      await sql<{ to_address: string; status: string }>(
        "select to_address, status from outbox_emails order by to_address",
      ),
    ).toEqual([
      { to_address: ADMIN.email, status: "pending" },
      { to_address: "load@example.org", status: "pending" },
    ]);
    server.process.kill("SIGKILL");
    await new Promise((resolve) => server!.process.once("exit", resolve));

    smtp = await startSmtpServer();
    server = await startServer(
      { ...env, SMTP_URL: smtp.url, MAIL_FROM: "office@church.example.org" },
      port++,
    );
    const deadline = Date.now() + 30_000;
    while (smtp.received.length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    // A few more rounds of the worker: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(smtp.to("load@example.org").map((mail) => mail.subject)).toEqual(["We received your message"]);
    expect(smtp.to(ADMIN.email).map((mail) => mail.subject)).toEqual(["New message from Load Tester"]);
    expect(await sql<{ status: string }>("select distinct status from outbox_emails")).toEqual([
      { status: "sent" },
    ]);
  });
});
