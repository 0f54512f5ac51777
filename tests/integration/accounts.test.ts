import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { sessions, users } from "../../database/schema";
import { createOrResetAdmin, ensureFirstAdmin } from "~/server/auth/accounts.server";
import { services } from "~/server/platform/services.server";
import { signIn } from "~/server/auth/sign-in.server";
import { databaseKinds, startTestServices, TEST_ADMIN, type TestServices } from "../helpers/test-services";

function loginRequest() {
  return new Request("http://localhost/members/login", { method: "POST" });
}

describe.each(databaseKinds)("accounts on %s", (kind) => {
  let t: TestServices | undefined;
  afterEach(async () => {
    await t?.stop();
    t = undefined;
  });

  it("creates the first administrator from ADMIN_EMAIL and ADMIN_PASSWORD", async () => {
    t = await startTestServices(kind);
    const [admin] = await t.services.db.select().from(users);
    expect(admin!.email).toBe(TEST_ADMIN.email);
    expect(admin!.role).toBe("admin");
    const result = await signIn({
      identifier: TEST_ADMIN.email,
      password: TEST_ADMIN.password,
      clientIp: "10.0.0.1",
      request: loginRequest(),
    });
    expect(result.ok).toBe(true);
  });

  it("with ADMIN_PASSWORD alone, the first administrator is admin@church.local, as the README says", async () => {
    const printed: string[] = [];
    t = await startTestServices(
      kind,
      { ADMIN_EMAIL: "", ADMIN_PASSWORD: "a password of our own" },
      { log: (m) => printed.push(m) },
    );
    expect(printed.join("\n")).not.toContain("Password:");
    const result = await signIn({
      identifier: "admin@church.local",
      password: "a password of our own",
      clientIp: "10.0.0.4",
      request: loginRequest(),
    });
    expect(result.ok).toBe(true);
  });

  it("generates a password and prints it once when none is configured", async () => {
    const printed: string[] = [];
    t = await startTestServices(
      kind,
      { ADMIN_EMAIL: "", ADMIN_PASSWORD: "" },
      { log: (m) => printed.push(m) },
    );
    const banner = printed.join("\n");
    expect(banner).toContain("admin@church.local");
    const password = /Password: (\S+)/.exec(banner)?.[1];
    expect(password).toMatch(/^[\w-]{23}$/);

    const result = await signIn({
      identifier: "admin@church.local",
      password: password!,
      clientIp: "10.0.0.2",
      request: loginRequest(),
    });
    expect(result.ok).toBe(true);

    // A second start on the same database creates nobody and prints nothing.
    printed.length = 0;
    await ensureFirstAdmin((m) => printed.push(m));
    expect(printed).toEqual([]);
    expect(await services().db.select().from(users)).toHaveLength(1);
  });

  it("resets an existing account: new password, admin role, signed out everywhere", async () => {
    t = await startTestServices(kind);
    const first = await signIn({
      identifier: TEST_ADMIN.email,
      password: TEST_ADMIN.password,
      clientIp: "10.0.0.3",
      request: loginRequest(),
    });
    expect(first.ok).toBe(true);
    const [admin] = await t.services.db.select().from(users);
    await t.services.db.update(users).set({ role: "staff" }).where(eq(users.id, admin!.id));

    expect(await createOrResetAdmin({ email: TEST_ADMIN.email, password: "a brand new password" })).toBe(
      "reset",
    );

    const [after] = await t.services.db.select().from(users);
    expect(after!.role).toBe("admin");
    expect(await t.services.db.select().from(sessions)).toEqual([]);
    const old = await signIn({
      identifier: TEST_ADMIN.email,
      password: TEST_ADMIN.password,
      clientIp: "10.0.0.4",
      request: loginRequest(),
    });
    expect(old.ok).toBe(false);
    const fresh = await signIn({
      identifier: TEST_ADMIN.email,
      password: "a brand new password",
      clientIp: "10.0.0.5",
      request: loginRequest(),
    });
    expect(fresh.ok).toBe(true);
  });

  it("refuses passwords shorter than 10 or longer than 128 characters", async () => {
    t = await startTestServices(kind);
    await expect(createOrResetAdmin({ email: "x@test.local", password: "nine char" })).rejects.toThrow(
      /at least 10/,
    );
    await expect(createOrResetAdmin({ email: "x@test.local", password: "x".repeat(129) })).rejects.toThrow(
      /at most 128/,
    );
    expect(await t.services.db.select().from(users).where(eq(users.email, "x@test.local"))).toEqual([]);
  });
});
