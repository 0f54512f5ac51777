import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { rateLimits, visitors } from "../../database/schema";
import { action as connectAction } from "~/routes/connect";
import { action as loginAction } from "~/routes/members/auth/login";
import {
  callRoute,
  formRequest,
  startTestServices,
  TEST_ADMIN,
  type TestServices,
} from "../helpers/test-services";

const message = { name: "Ana", mobile: "+973 3333 4444", email: "ana@example.org", message: "Hello" };

describe("public forms' defences", () => {
  let t: TestServices;
  beforeAll(async () => {
    t = await startTestServices("pglite");
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    await t.services.db.delete(visitors);
    await t.services.db.delete(rateLimits);
  });

  it("thanks a bot that fills the hidden field, and stores nothing", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const result = await callRoute(
      connectAction,
      formRequest("/connect", { ...message, website: "http://spam.example" }),
    );
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ ok: true });
    expect(await t.services.db.select().from(visitors)).toEqual([]);
    expect(info.mock.calls.map((call) => String(call[0])).join("\n")).toContain('"event":"honeypot"');
  });

  it("refuses an oversized body with 413 before reading it, and stores nothing", async () => {
    const result = await callRoute(
      connectAction,
      formRequest("/connect", { ...message, message: "x".repeat(40 * 1024) }),
    );
    expect(result.status).toBe(413);
    expect(await t.services.db.select().from(visitors)).toEqual([]);
  });

  it("allows at least 20 honest messages a minute from one address, then slows it down", async () => {
    for (let i = 0; i < 30; i++) {
      expect(
        (
          await callRoute(connectAction, formRequest("/connect", { ...message, message: `m${i}` }), {
            clientIp: "192.0.2.77",
          })
        ).status,
      ).toBe(200);
    }
    const refused = await callRoute(connectAction, formRequest("/connect", message), {
      clientIp: "192.0.2.77",
    });
    expect(refused.status).toBe(429);
    expect(await t.services.db.select().from(visitors)).toHaveLength(30);
  });

  it("logs sign-ins without the password", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    await callRoute(
      loginAction,
      formRequest("/members/login", { username: TEST_ADMIN.email, password: "a wrong secret" }),
      { clientIp: "192.0.2.78" },
    );
    await callRoute(
      loginAction,
      formRequest("/members/login", { username: TEST_ADMIN.email, password: TEST_ADMIN.password }),
      { clientIp: "192.0.2.78" },
    );
    const logged = info.mock.calls.map((call) => String(call[0])).join("\n");
    expect(logged).toContain('"outcome":"failure"');
    expect(logged).toContain('"outcome":"success"');
    expect(logged).not.toContain("a wrong secret");
    expect(logged).not.toContain(TEST_ADMIN.password);
  });
});
