import { createOTP } from "@better-auth/utils/otp";
import { symmetricEncrypt } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionResult } from "~/lib/action-result";
import { action as loginTwoFactorAction } from "~/routes/members/auth/login-two-factor";
import { databaseOfPreviousRelease, SESSION_SECRET } from "../helpers/previous-release";
import { signInWith, withCookies } from "../helpers/staff-account";
import { callRoute, databaseKinds, formRequest, type TestServices } from "../helpers/test-services";

// The release before an authenticator's code worked only once and passcode registrations were
// flagged for staff to check (11 migrations) had accounts with two-factor sign-in on, their secrets
// encrypted by the auth library, and members. Opened by this release, such an account signs in
// with its password and the app's code as before, and that code then works no more; every member
// is there as it was, none of them flagged.

const EMAIL = "pastor@test.local";
const PASSWORD = "pastor password 1";
/** The secret as the auth library keeps it (decrypted): plain text, used as UTF-8 bytes. */
const SECRET = "an-old-authenticator-secret-0123";

describe.each(databaseKinds)("upgrading to authenticator codes that work once on %s", (kind) => {
  let t: TestServices;

  beforeAll(async () => {
    const old = await databaseOfPreviousRelease(
      kind,
      async ({ addAccount, query }) => {
        await query(
          "insert into members (first_name, last_name, email, mobile) values ('Ana', 'Cruz', 'ana@example.org', '33334444'), ('Ana', 'Cruz', 'ana@example.org', '33334444')",
        );
        const id = await addAccount({ email: EMAIL, password: PASSWORD, name: "Pastor", role: "admin" });
        await query("update users set two_factor_enabled = true where id = $1", [id]);
        await query(
          "insert into two_factors (user_id, secret, backup_codes, verified) values ($1, $2, $3, true)",
          [
            id,
            await symmetricEncrypt({ key: SESSION_SECRET, data: SECRET }),
            await symmetricEncrypt({ key: SESSION_SECRET, data: JSON.stringify(["aaaaa-11111"]) }),
          ],
        );
      },
      11,
    );
    t = await old.open();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("keeps every member as it was, none flagged as a possible duplicate (not even two alike)", async () => {
    expect(
      await t.services.database.query("select first_name, possible_duplicate from members order by id"),
    ).toEqual([
      { first_name: "Ana", possible_duplicate: false },
      { first_name: "Ana", possible_duplicate: false },
    ]);
  });

  it("remembers no code yet, signs in with the app's code, then refuses that code", async () => {
    expect(
      await t.services.database.query("select totp_last_step from users where email = $1", [EMAIL]),
    ).toEqual([{ totp_last_step: null }]);
    const code = await createOTP(SECRET).totp();
    const secondStep = async () => {
      const challenge = await signInWith(EMAIL, PASSWORD);
      expect(challenge.location).toBe("/members/login/two-factor");
      const answer = await callRoute(
        loginTwoFactorAction,
        formRequest("/members/login/two-factor", { code }, { cookie: challenge.cookie }),
      );
      return { ...answer, cookie: challenge.cookie };
    };
    const first = await secondStep();
    expect(first.status).toBe(302);
    expect(withCookies(first.cookie, first.response!)).toMatch(/church\.session_token=/);
    const second = await secondStep();
    expect(second.status).toBe(401);
    expect((second.data as ActionResult).fieldErrors?.code).toMatch(/has been used already/);
  });
});
