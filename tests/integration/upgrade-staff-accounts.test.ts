import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSession } from "~/server/auth/guards.server";
import { databaseOfPreviousRelease, type OldRelease } from "../helpers/previous-release";
import { databaseKinds, signInCookie, type TestServices } from "../helpers/test-services";

// The previous release had no roles worth the name (every account could do everything), no
// two-factor and no audit log. Opened by this release, every account is an admin that signs in
// with its old password, and the audit log starts empty and cannot be rewritten.

async function fillAsThePreviousReleaseDid({ addAccount, query }: OldRelease) {
  await addAccount({
    email: "pastor@test.local",
    password: "pastor password 1",
    name: "Pastor",
    role: "admin",
  });
  await addAccount({
    email: "office@test.local",
    password: "office password 1",
    name: "Office",
    role: "staff",
  });
  await query(
    `insert into members (first_name, last_name, email, mobile) values ('Ana', 'Cruz', 'ana@example.org', '1')`,
  );
}

describe.each(databaseKinds)("upgrading staff accounts from the previous release on %s", (kind) => {
  let t: TestServices;
  let usersBefore: Record<string, unknown>[];

  beforeAll(async () => {
    const old = await databaseOfPreviousRelease(kind, async (release) => {
      await fillAsThePreviousReleaseDid(release);
      usersBefore = await release.query("select id, name, email, created_at from users order by email");
    });
    t = await old.open();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("keeps every account, makes each an admin, and lets it sign in with its old password", async () => {
    const users = await t.services.database.query<Record<string, unknown>>(
      "select id, name, email, created_at, role, two_factor_enabled, must_change_password from users order by email",
    );
    expect(users.map(({ id, name, email, created_at }) => ({ id, name, email, created_at }))).toEqual(
      usersBefore,
    );
    for (const user of users) {
      expect(user).toMatchObject({ role: "admin", two_factor_enabled: false, must_change_password: false });
    }
    const cookie = await signInCookie("office@test.local", "office password 1");
    const session = await getSession(new Request("http://localhost/members", { headers: { cookie } }));
    expect(session.user).toMatchObject({ email: "office@test.local", role: "admin" });
  });

  it("keeps the members, starts an audit log that the database will not let anyone rewrite", async () => {
    expect(await t.services.database.query("select first_name from members")).toEqual([
      { first_name: "Ana" },
    ]);
    const entries = await t.services.database.query<{ id: string }>("select id from audit_log limit 1");
    expect(entries.length).toBe(1); // the sign-in above
    await expect(t.services.database.query("update audit_log set action = 'x'")).rejects.toThrow(
      /append-only/,
    );
    await expect(t.services.database.query("delete from audit_log")).rejects.toThrow(/append-only/);
  });
});
