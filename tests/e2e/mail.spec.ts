import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sendControlCommand } from "../../app/server/platform/control.server";
import { startSmtpServer } from "../helpers/smtp";
import { startServer, stopServer, type ServerUnderTest } from "../reliability/helpers";
import { expect, test } from "./fixtures";

/** Beside the suite's own servers (playwright.config.ts starts them from E2E_PORT up). */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 60;

// The whole path of an e-mail, as a visitor meets it: a site of its own that sends through a real
// SMTP server (the smtp-server package), so what arrives is what a mail program would show.

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let site: ServerUnderTest;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  smtp = await startSmtpServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "church-mail-e2e-"));
  site = await startServer(
    {
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      PUBLIC_URL: `http://localhost:${PORT}`,
      SMTP_URL: smtp.url,
      MAIL_FROM: '"ACTS Church" <office@church.example.org>',
    },
    PORT,
  );
});

test.afterAll(async () => {
  await stopServer(site);
  await smtp.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const query = async <Row>(text: string, params: unknown[] = []) =>
  JSON.parse(await sendControlCommand(dataDir, "sql", { text, params })) as Row[];

test("register on a phone, receive the confirmation by e-mail, and cancel once from its link", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const [event] = await query<{ id: string; title: string }>(
    "select id, title from events where event_date >= current_date order by event_date limit 1",
  );
  const origin = `http://localhost:${PORT}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${origin}/events/${event!.id}`);
  await page.getByRole("button", { name: "Register for This Event" }).click();
  const dialog = page.getByRole("dialog", { name: "Register for This Event" });
  await dialog.getByLabel("Full Name").fill("Mara Santos");
  await dialog.getByLabel("Email").fill("mara.santos@example.org");
  await dialog.getByLabel("Mobile Number").fill("+973 3612 3456");
  await dialog.getByRole("button", { name: "Register" }).click();
  await expect(page.getByTestId("toast")).toContainText("Registration Successful!");

  // The outbox sends within seconds; the confirmation arrives at the SMTP server.
  await expect.poll(() => smtp.to("mara.santos@example.org").length, { timeout: 30_000 }).toBe(1);
  const [mail] = smtp.to("mara.santos@example.org");
  expect(mail!.subject).toContain(event!.title);
  const link = /http:\/\/\S+\/cancel\?\S+/.exec(mail!.text ?? "")![0];
  expect(link.startsWith(origin)).toBe(true);

  await page.goto(link);
  await page.getByRole("button", { name: "Cancel My Registration" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Your registration for ${event!.title} has been cancelled.`,
  );
  const rows = await query<{ status: string }>(
    "select status from event_registrations where email = 'mara.santos@example.org'",
  );
  expect(rows).toEqual([{ status: "cancelled" }]);

  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText("This registration has already been cancelled.");
});
