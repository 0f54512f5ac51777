import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/members/settings/email";
import { announcementPace, PACE_SETTING } from "~/server/announcements/announcement-sending.server";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  TEST_ADMIN,
  type TestServices,
} from "../helpers/test-services";

// The pace of announcements on the e-mail settings screen (issue 35): a whole number from 1 to 50
// saved with its audit entry and read by the worker's announcementPace; anything else refused with
// a message on the field, and nothing written.

describe.each(databaseKinds)("the pace of announcements on %s", (kind) => {
  let t: TestServices;
  let admin: string;
  const rows = (sql: string, params: unknown[] = []) =>
    t.services.database.query<Record<string, unknown>>(sql, params);
  const post = (perSecond: string) =>
    callRoute(
      action,
      formRequest("/members/settings/email", { intent: "pace", perSecond }, { cookie: admin }),
    );
  const stored = async () =>
    (await rows("select value from settings where key = $1", [PACE_SETTING]))[0]?.value;
  // The audit log is append-only: each test reads the entries made since it began.
  let testStarted = new Date();
  const audit = () =>
    rows(
      "select actor_label, details from audit_log where action = 'settings.announcement-pace-changed' and at >= $1 order by at",
      [testStarted],
    );
  const page = async () =>
    (
      await callRoute(
        loader,
        new Request("http://localhost/members/settings/email", { headers: { cookie: admin } }),
      )
    ).data as { pace: { perSecond: number; isDefault: boolean } };

  beforeAll(async () => {
    t = await startTestServices(kind);
    admin = await signInCookie();
  });
  beforeEach(() => {
    testStarted = new Date();
  });
  afterEach(async () => {
    await rows("delete from settings where key = $1", [PACE_SETTING]);
  });
  afterAll(async () => {
    await t.stop();
  });

  it("shows the usual pace of 3 until one is saved", async () => {
    expect((await page()).pace).toEqual({ perSecond: 3, isDefault: true });
    expect(await announcementPace(t.services.db)).toBe(3);
  });

  it("saves a whole number, audited, and the worker's pace reads it", async () => {
    const answer = await post(" 12 ");
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ ok: true, toast: { title: "Pace saved" } });
    expect(await stored()).toBe(12);
    expect(await announcementPace(t.services.db)).toBe(12);
    expect((await page()).pace).toEqual({ perSecond: 12, isDefault: false });
    const entries = await audit();
    expect(entries).toEqual([{ actor_label: TEST_ADMIN.email, details: { from: 3, to: 12 } }]);

    expect((await post("50")).status).toBe(200);
    expect(await announcementPace(t.services.db)).toBe(50);
    expect((await audit()).map((entry) => entry.details)).toEqual([
      { from: 3, to: 12 },
      { from: 12, to: 50 },
    ]);
    // The same number again changes nothing and writes no audit entry.
    expect((await post("50")).data).toMatchObject({ ok: true, toast: { title: "Nothing changed" } });
    expect(await audit()).toHaveLength(2);
  });

  it.each(["0", "51", "2.5", "-3", "three", "", "1e1"])(
    "refuses %j with the rule on the field, and leaves the pace as it was",
    async (typed) => {
      expect((await post("7")).status).toBe(200);
      const answer = await post(typed);
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({
        ok: false,
        toast: { title: "Pace not saved" },
        fieldErrors: {
          perSecond: "Enter a whole number of e-mails a second, from 1 to 50 (3 suits most mail servers).",
        },
        values: { perSecond: typed },
      });
      expect(await stored()).toBe(7);
      expect(await announcementPace(t.services.db)).toBe(7);
      expect(await audit()).toHaveLength(1);
    },
  );
});
