import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { StaffUser } from "~/server/auth/guards.server";
import { digestCutoff, queueDueDigests } from "~/server/messages/digest.server";
import { saveOwnPreferences, setDefaultPreferences } from "~/server/messages/notification-preferences.server";
import { saveMinistryRegistration } from "~/server/people/registrations.server";
import { saveVisitorMessage } from "~/server/people/visitors.server";
import { databaseKinds, startTestServices, TEST_ADMIN, type TestServices } from "../helpers/test-services";

// Who is told what: each staff account's own choice, the administrators' default for the others,
// and the daily digest, queued once a day per account however many servers look.

const ORIGIN = "https://church.example.org";

describe.each(databaseKinds)("staff notifications on %s", (kind) => {
  let t: TestServices;
  let admin: StaffUser;
  let staff: StaffUser;
  const rows = <Row = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.services.database.query<Row>(sql, params);
  const told = async (kind: string) =>
    (
      await rows<{ to_address: string }>(
        "select to_address from outbox_emails where kind = $1 order by to_address",
        [kind],
      )
    ).map((row) => row.to_address);

  beforeAll(async () => {
    t = await startTestServices(kind);
    await t.services.auth.api.createUser({
      body: {
        email: "secretary@test.local",
        password: "secretary password",
        name: "Secretary",
        role: "staff",
      },
    });
    const users = await rows<StaffUser>(
      "select id, name, email, username, role from users order by created_at",
    );
    admin = users.find((user) => user.email === TEST_ADMIN.email)!;
    staff = users.find((user) => user.email === "secretary@test.local")!;
  });
  afterEach(async () => {
    await rows("delete from outbox_emails");
    await rows("delete from notification_preferences");
    await rows("delete from settings where key = 'notification_defaults' or key like 'digest_through:%'");
  });
  afterAll(async () => {
    await t.stop();
  });

  const connect = (name = "Visitor") =>
    saveVisitorMessage({ name, email: "visitor@example.net", mobile: "33000000", message: "Hello" }, ORIGIN);
  const signUp = (ministrySlug: string) =>
    saveMinistryRegistration(
      { ministrySlug, name: "Joiner", email: "joiner@example.net", mobile: "33000001" },
      ORIGIN,
    );

  it("tells only the first administrator, of everything, until anyone chooses", async () => {
    await connect();
    await signUp("amplify");
    expect(await told("notification.connect")).toEqual([TEST_ADMIN.email]);
    expect(await told("notification.ministry")).toEqual([TEST_ADMIN.email]);
  });

  it("follows each account's own choice: kinds, ministries, and off", async () => {
    await saveOwnPreferences(staff, {
      connect: false,
      ministries: ["yadah"],
      events: false,
      frequency: "immediate",
    });
    await saveOwnPreferences(admin, { connect: true, ministries: [], events: true, frequency: "off" });
    await connect();
    await signUp("yadah");
    await signUp("amplify");
    expect(await told("notification.connect")).toEqual([]);
    expect(await told("notification.ministry")).toEqual(["secretary@test.local"]);
  });

  it("applies the administrators' default to accounts that have not chosen", async () => {
    await setDefaultPreferences(
      { connect: true, ministries: ["*"], events: true, frequency: "immediate" },
      admin,
    );
    await connect();
    expect(await told("notification.connect")).toEqual([TEST_ADMIN.email, "secretary@test.local"]);
  });

  it("queues one daily digest per account, after 07:00 in Bahrain, of what it asked for", async () => {
    await saveOwnPreferences(staff, {
      connect: true,
      ministries: ["amplify"],
      events: false,
      frequency: "daily",
    });
    // Only this test's messages in the day the digest covers.
    await rows("delete from inbox_items");
    await rows("delete from visitors");
    await rows("delete from ministry_registrations");
    await connect("Early Bird");
    await signUp("amplify");
    await signUp("yadah");
    const cutoff = digestCutoff(new Date(Date.now() + 24 * 3600_000));
    // Two servers looking at the same moment: one digest.
    const queued = await Promise.all([queueDueDigests(ORIGIN, cutoff), queueDueDigests(ORIGIN, cutoff)]);
    expect(queued.reduce((a, b) => a + b, 0)).toBe(1);
    const [digest] = await rows<{ to_address: string; subject: string; text_body: string }>(
      "select to_address, subject, text_body from outbox_emails where kind = 'digest'",
    );
    expect(digest!.to_address).toBe("secretary@test.local");
    expect(digest!.subject).toBe("2 new messages for ACTS Church");
    expect(digest!.text_body).toContain("Message from Early Bird: Hello");
    expect(digest!.text_body).toContain("Joiner signed up for Amplify (Music)");
    expect(digest!.text_body).not.toContain("Yadah");
    expect(digest!.text_body).toContain(`${ORIGIN}/members/messages`);
    // The same day again: nothing more.
    expect(await queueDueDigests(ORIGIN, new Date(cutoff.getTime() + 3600_000))).toBe(0);
    // Immediate notifications did not go to the digest reader.
    expect(await told("notification.connect")).toEqual([TEST_ADMIN.email]);
  });

  it("places the digest's day at 07:00 in Bahrain", () => {
    expect(digestCutoff(new Date("2026-11-23T03:59:00Z")).toISOString()).toBe("2026-11-22T04:00:00.000Z");
    expect(digestCutoff(new Date("2026-11-23T04:00:00Z")).toISOString()).toBe("2026-11-23T04:00:00.000Z");
  });
});
