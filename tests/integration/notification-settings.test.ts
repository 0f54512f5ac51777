import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/members/messages/notifications";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// /members/notifications: each account saves its own choice; only administrators set the default.

describe.each(databaseKinds)("the notifications screen on %s", (kind) => {
  let t: TestServices;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await startTestServices(kind);
    await t.services.auth.api.createUser({
      body: {
        email: "volunteer@test.local",
        password: "volunteer password",
        name: "Volunteer",
        role: "staff",
      },
    });
    admin = await signInCookie();
    staff = await signInCookie("volunteer@test.local", "volunteer password");
  });
  afterAll(async () => {
    await t.stop();
  });
  const post = (cookie: string, fields: Record<string, string>, ministries: string[] = []) => {
    const request = formRequest("/members/notifications", fields, { cookie });
    const body = new URLSearchParams(fields);
    for (const slug of ministries) body.append("ministries", slug);
    return callRoute(action, new Request(request, { body }));
  };
  const rows = (sql: string) => t.services.database.query<Record<string, unknown>>(sql);

  it("shows a staff member the default that applies until they choose, then saves their own", async () => {
    const before = await callRoute(
      loader,
      new Request("http://localhost/members/notifications", { headers: { cookie: staff } }),
    );
    expect(before.data).toMatchObject({
      chosen: false,
      isAdmin: false,
      mine: { frequency: "off" },
      defaults: null,
    });
    const saved = await post(staff, { intent: "save-own", connect: "on", frequency: "daily" }, [
      "yadah",
      "amplify",
    ]);
    expect(saved.status).toBe(200);
    expect(await rows("select connect, events, ministries, frequency from notification_preferences")).toEqual(
      [{ connect: true, events: false, ministries: ["yadah", "amplify"], frequency: "daily" }],
    );
  });

  it("refuses unknown ministries and frequencies, and writes nothing", async () => {
    expect((await post(staff, { intent: "save-own", frequency: "hourly" })).status).toBe(400);
    expect((await post(staff, { intent: "save-own", frequency: "daily" }, ["choir"])).status).toBe(400);
    expect(await rows("select frequency from notification_preferences")).toEqual([{ frequency: "daily" }]);
  });

  it("lets only an administrator set the default", async () => {
    const refused = await post(staff, { intent: "save-defaults", connect: "on", frequency: "immediate" });
    expect(refused.status).toBe(403);
    expect(await rows("select key from settings where key = 'notification_defaults'")).toEqual([]);
    const saved = await post(admin, { intent: "save-defaults", events: "on", frequency: "immediate" }, ["*"]);
    expect(saved.status).toBe(200);
    expect(await rows("select value from settings where key = 'notification_defaults'")).toEqual([
      { value: { connect: false, events: true, ministries: ["*"], frequency: "immediate" } },
    ]);
  });
});
