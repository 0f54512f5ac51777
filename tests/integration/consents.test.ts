import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as privacyLoader } from "~/routes/privacy";
import { action as profileAction, loader as profileLoader } from "~/routes/members/people/member-profile";
import { makeMemberSchema } from "~/schemas/member";
import { PRIVACY_SECTION } from "~/schemas/site-sections";
import { createMember, loadMemberOptions } from "~/server/people/members.server";
import { getSection, saveSection } from "~/server/site/site-sections.server";
import { createStaffAccount } from "../helpers/staff-account";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Consent and notice (issue 23): the privacy notice names the church and counts its versions;
// staff see a member's consents on the profile, withdraw one in one action, record one the person
// gave on paper, each in the audit log; a role that cannot change members cannot change consents.

describe.each(databaseKinds)("consents and the privacy notice on %s", (kind) => {
  let t: TestServices;
  let cookie: string;
  let memberId: string;

  beforeAll(async () => {
    t = await startTestServices(kind);
    cookie = await signInCookie();
    const schema = makeMemberSchema(await loadMemberOptions());
    const member = await createMember(
      schema.parse({
        firstName: "Ana",
        lastName: "Cruz",
        email: "ana@example.org",
        mobile: "33334444",
        children: [],
        ministryInvolvement: [],
        ministryRole: [],
      }),
      "system",
    );
    memberId = member.id;
  });
  afterAll(async () => {
    await t?.stop();
  });

  const profile = async (as = cookie) =>
    callRoute(
      profileLoader,
      new Request(`http://localhost/members/profile/${memberId}`, { headers: { cookie: as } }),
      {
        params: { id: memberId },
      },
    );
  const change = (consent: string, give: boolean, as = cookie) =>
    callRoute(
      profileAction,
      formRequest(
        `/members/profile/${memberId}`,
        { intent: "consent", kind: consent, give: give ? "yes" : "no" },
        { cookie: as },
      ),
      { params: { id: memberId } },
    );

  it("shows the notice with the church's details filled in, and its version", async () => {
    const page = await callRoute(privacyLoader, new Request("http://localhost/privacy"));
    const { notice, version } = page.data as { notice: unknown; version: number };
    const text = JSON.stringify(notice);
    expect(text).toContain("is responsible for the personal details described here");
    expect(text).not.toMatch(/\{(church|email|phone|address)\}/);
    expect(version).toBe(1);

    const section = await getSection(PRIVACY_SECTION.id);
    const [admin] = await t.services.database.query<{ id: string }>(
      "select id from users where email = 'admin@test.local'",
    );
    const staff = { id: admin!.id, email: "admin@test.local", name: "Admin" } as Parameters<
      typeof saveSection
    >[3];
    const edited = { ...(section!.data as object), formNotice: "We answer you, nothing more." };
    await saveSection(PRIVACY_SECTION.id, edited, section!.version, staff);
    const after = await callRoute(privacyLoader, new Request("http://localhost/privacy"));
    expect(after.data).toMatchObject({ version: 2 });
  });

  it("records a consent given on paper, withdraws it in one action, and logs both", async () => {
    const before = await profile();
    expect(before.data).toMatchObject({
      consents: [
        { kind: "registry", current: null, withdrawn: null },
        { kind: "email", current: null, withdrawn: null },
        { kind: "digest", current: null, withdrawn: null },
      ],
    });

    const given = await change("registry", true);
    expect(given.data).toMatchObject({ ok: true, toast: { title: "Consent recorded" } });
    const recorded = await profile();
    expect(recorded.data).toMatchObject({
      consents: [
        { kind: "registry", current: { recordedBy: "admin@test.local", noticeVersion: 2 } },
        { kind: "email", current: null },
        { kind: "digest", current: null },
      ],
    });
    // Again: nothing new.
    expect((await change("registry", true)).data).toMatchObject({ toast: { title: "Nothing to change" } });

    const withdrawn = await change("registry", false);
    expect(withdrawn.data).toMatchObject({ ok: true, toast: { title: "Consent withdrawn" } });
    const after = await profile();
    expect(after.data).toMatchObject({
      consents: [
        { kind: "registry", current: null, withdrawn: { by: "admin@test.local" } },
        { kind: "email", current: null },
        { kind: "digest", current: null },
      ],
      consentHistory: [{ kind: "registry", recordedBy: "admin@test.local", withdrawnBy: "admin@test.local" }],
    });
    const audit = await t.services.database.query<{ action: string; details: { consent: string } }>(
      "select action, details from audit_log where subject_id = $1 and action like 'member.consent%' order by at",
      [memberId],
    );
    expect(audit.map((entry) => [entry.action, entry.details.consent])).toEqual([
      ["member.consent-given", "registry"],
      ["member.consent-withdrawn", "registry"],
    ]);
  });

  it("refuses an unknown consent, and a role that cannot change members", async () => {
    expect((await change("photos", true)).status).toBe(400);
    const editor = await createStaffAccount({ role: "editor" });
    const editorCookie = await signInCookie(editor.email, editor.password);
    expect((await change("email", true, editorCookie)).status).toBe(403);
    expect(
      await t.services.database.query("select count(*)::int as n from consents where kind = 'email'"),
    ).toEqual([{ n: 0 }]);
  });
});
