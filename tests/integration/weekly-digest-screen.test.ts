import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../database/schema";
import { action as digestAction, loader as digestLoader } from "~/routes/members/announcements/digest";
import { action as profileAction, loader as profileLoader } from "~/routes/members/people/member-profile";
import { action as formAction, loader as formLoader } from "~/routes/own-details/update-form";
import { requireUser } from "~/server/auth/guards.server";
import { showUpdateLink } from "~/server/people/update-links.server";
import {
  callRoute,
  cookieHeaderFrom,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// The weekly digest's screen and its opt-in (issue 35): admins see it off by default, how many
// asked for it and can receive it, and this week's e-mail, and switch it on and off (audited);
// members ask for it or stop it on their own update link, and staff record it on the profile.

interface Overview {
  enabled: boolean;
  askedFor: number;
  reachable: number;
  next: string;
  subject: string;
  previewHtml: string;
}

describe.each(databaseKinds)("the weekly digest's screen and opt-in on %s", (kind) => {
  let t: TestServices;
  let cookie: string;
  let ana: string;
  let ben: string;
  const rows = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.services.database.query<T>(sql, params);
  const screen = async () => {
    const answer = await callRoute(
      digestLoader,
      new Request("http://localhost/members/announcements/digest", { headers: { cookie } }),
    );
    expect(answer.status).toBe(200);
    return (answer.data as { overview: Overview }).overview;
  };
  const switchTo = (enabled: string) =>
    callRoute(
      digestAction,
      formRequest("/members/announcements/digest", { intent: "switch", enabled }, { cookie }),
    );
  const consentRows = (memberId: string) =>
    rows<{ kind: string; recorded_by: string; withdrawn_by: string | null }>(
      "select kind, recorded_by, withdrawn_by from consents where member_id = $1 and kind = 'digest' order by given_at",
      [memberId],
    );

  beforeAll(async () => {
    t = await startTestServices(kind);
    cookie = await signInCookie();
    const made = await t.services.db
      .insert(members)
      .values([
        { firstName: "Ana", lastName: "Reyes", email: "ana@example.org", mobile: "33000001" },
        { firstName: "Ben", lastName: "Cruz", email: "ben@example.org", mobile: "33000002" },
      ])
      .returning({ id: members.id });
    [ana, ben] = made.map((row) => row.id) as [string, string];
    await rows(
      "insert into consents (member_id, kind, notice_version, recorded_by) values ($1, 'email', 1, 'office@example.org')",
      [ana],
    );
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("shows the digest off by default, with nobody asking for it and this week's e-mail", async () => {
    const overview = await screen();
    expect(overview).toMatchObject({ enabled: false, askedFor: 0, reachable: 0 });
    expect(overview.next).toMatch(/^Monday, \w+ \d{1,2}, \d{4}, from 7:00 AM$/);
    expect(overview.subject).toMatch(/^This week at /);
    expect(overview.previewHtml).toContain("This week&#39;s events");
    expect(overview.previewHtml).toContain("#unsubscribe");
  });

  it("a member asks for the digest on their own update link, and stops it there (audited)", async () => {
    const admin = await requireUser(new Request("http://localhost/members", { headers: { cookie } }));
    const link = await showUpdateLink(ana, admin, "http://localhost");
    const token = link!.url.split("/").at(-1)!;
    const submit = (fields: Record<string, string>) =>
      callRoute(
        formAction,
        new Request(`http://localhost/update-my-details/${token}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "consents", ...fields }),
          headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
        }),
        { params: { token }, clientIp: "198.51.100.7" },
      );
    const opened = await callRoute(formLoader, new Request(`http://localhost/update-my-details/${token}`), {
      params: { token },
    });
    expect((opened.data as { consents: unknown }).consents).toEqual({
      registry: false,
      email: true,
      digest: false,
    });

    const asked = await submit({ consentEmail: "yes", consentDigest: "yes" });
    expect((asked.data as { notice: string; consents: unknown }).notice).toBe("consents-saved");
    expect((asked.data as { consents: unknown }).consents).toEqual({
      registry: false,
      email: true,
      digest: true,
    });
    expect(await consentRows(ana)).toEqual([{ kind: "digest", recorded_by: "member", withdrawn_by: null }]);
    expect(await screen()).toMatchObject({ askedFor: 1, reachable: 1 });

    await submit({ consentEmail: "yes" });
    expect(await consentRows(ana)).toEqual([
      { kind: "digest", recorded_by: "member", withdrawn_by: "member" },
    ]);
    const audit = await rows<{ action: string; details: Record<string, unknown> }>(
      "select action, details from audit_log where subject_id = $1 and details ->> 'consent' = 'digest' order by at, id",
      [ana],
    );
    expect(audit.map((entry) => [entry.action, entry.details.by])).toEqual([
      ["member.consent-given", "the member"],
      ["member.consent-withdrawn", "the member"],
    ]);
    expect(await screen()).toMatchObject({ askedFor: 0, reachable: 0 });
  });

  it("staff record the digest on the member's profile; without e-mail consent it cannot reach them", async () => {
    const given = await callRoute(
      profileAction,
      formRequest(`/members/profile/${ben}`, { intent: "consent", kind: "digest", give: "yes" }, { cookie }),
      { params: { id: ben } },
    );
    expect(given.data).toMatchObject({ ok: true, toast: { title: "Consent recorded" } });
    expect(await consentRows(ben)).toEqual([
      { kind: "digest", recorded_by: "admin@test.local", withdrawn_by: null },
    ]);
    const profile = await callRoute(
      profileLoader,
      new Request(`http://localhost/members/profile/${ben}`, { headers: { cookie } }),
      { params: { id: ben } },
    );
    expect((profile.data as { consents: { kind: string; label: string }[] }).consents).toContainEqual(
      expect.objectContaining({ kind: "digest", label: "Weekly digest e-mail" }),
    );
    expect(await screen()).toMatchObject({ askedFor: 1, reachable: 0 });
  });

  it("an admin switches it on and off with a plain form post, each change audited", async () => {
    const on = await switchTo("on");
    expect(on.status).toBe(302);
    expect(on.response!.headers.get("location")).toBe("/members/announcements/digest");
    expect(cookieHeaderFrom(on.response!)).toContain("church.toast=");
    expect(await screen()).toMatchObject({ enabled: true });
    expect((await switchTo("on")).status).toBe(302);
    await switchTo("off");
    expect(await screen()).toMatchObject({ enabled: false });
    expect(
      await rows("select details from audit_log where action = 'settings.digest-changed' order by at, id"),
    ).toEqual([{ details: { on: true } }, { details: { on: false } }]);
    expect((await switchTo("maybe")).status).toBe(400);
  });
});
