import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { prayerRequests } from "../../database/schema";
import { parseAnnouncement } from "~/lib/announcement-markdown";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { buildDigest, runWeeklyDigest, setDigestEnabled } from "~/server/announcements/weekly-digest.server";
import { requireUser } from "~/server/auth/guards.server";
import { databaseKinds, signInCookie, startTestServices, type TestServices } from "../helpers/test-services";

// The weekly digest's prayer section (issues 35 and 38): the words of the shared requests still
// prayed for (not answered, not expired on the digest's day), never a name or a contact; no
// section when nothing is shared. A week whose only news is a shared request still has a digest.

// Wednesday 18 December 2030 in Bahrain; its week's Monday is the 16th.
const WEDNESDAY = new Date("2030-12-18T12:00:00Z");
const MONDAY_SEVEN = new Date("2030-12-16T04:00:00Z");
const today = todayInChurchZone(WEDNESDAY);

describe.each(databaseKinds)("the weekly digest's prayer requests on %s", (kind) => {
  let t: TestServices;

  const add = (values: Partial<typeof prayerRequests.$inferInsert> & { request: string }) =>
    t.services.db.insert(prayerRequests).values({
      name: "Hannah Cruz",
      email: "hannah@example.net",
      mobile: "+973 3999 1234",
      visibility: "shared",
      expiresOn: addDays(today, 10),
      ...values,
    });

  beforeAll(async () => {
    t = await startTestServices(kind);
  });
  afterAll(async () => {
    await t?.stop();
  });
  beforeEach(async () => {
    await t.services.db.delete(prayerRequests);
  });

  it("lists the words of the shared requests still prayed for, without names or contacts", async () => {
    await add({ request: "For the Reyes family as they move to Riffa." });
    await add({ request: "For rain *and* <b>mercy</b>\n\non our land.", expiresOn: today });
    await add({ request: "Answered already.", answeredAt: new Date("2030-12-10T10:00:00Z") });
    await add({ request: "Expired yesterday.", expiresOn: addDays(today, -1) });
    await add({ request: "Only for the prayer team.", visibility: "team" });
    await add({ request: "Only for the pastors.", visibility: "private" });

    const digest = await buildDigest(WEDNESDAY);
    expect(digest.prayers).toEqual([
      "For the Reyes family as they move to Riffa.",
      "For rain *and* <b>mercy</b>\n\non our land.",
    ]);
    expect(digest.body).toContain("## Prayer requests");
    // The words as typed, on one line each, no markup from them.
    const blocks = JSON.stringify(parseAnnouncement(digest.body));
    expect(blocks).toContain("For the Reyes family as they move to Riffa.");
    expect(blocks).toContain("For rain *and* <b>mercy</b> on our land.");
    for (const hidden of [
      "Hannah",
      "hannah@example.net",
      "3999",
      "Answered already",
      "Expired",
      "Only for",
    ]) {
      expect(digest.body).not.toContain(hidden);
    }
  });

  it("has no prayer section when nothing is shared", async () => {
    await add({ request: "Only for the prayer team.", visibility: "team" });
    const digest = await buildDigest(WEDNESDAY);
    expect(digest.prayers).toEqual([]);
    expect(digest.body).not.toContain("Prayer requests");
  });

  it("counts a shared request as news: a week with only that is not skipped as empty", async () => {
    const admin = await requireUser(
      new Request("http://localhost/members", { headers: { cookie: await signInCookie() } }),
    );
    await setDigestEnabled(admin, true);
    await add({ request: "For the Reyes family as they move to Riffa.", expiresOn: "2030-12-31" });
    // No events, no sermons, nobody who asked for the digest: the week is "nobody", not "nothing-new".
    expect(await runWeeklyDigest(MONDAY_SEVEN)).toBe("nobody");
  });
});
