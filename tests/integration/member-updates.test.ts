import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { action as profileAction } from "~/routes/members/people/member-profile";
import { action as reviewAction, loader as reviewLoader } from "~/routes/members/people/member-updates";
import { action as askAction } from "~/routes/own-details/ask-for-link";
import { loader as myDataLoader } from "~/routes/own-details/my-data";
import { action as formAction, loader as formLoader } from "~/routes/own-details/update-form";
import { updateMember } from "~/server/people/members.server";
import {
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// Members keep their own record up to date (privacy issue 23): a link from staff or from the
// public page, the form it opens, the single use, and the review queue where staff accept or
// reject each change. Everything through the routes' loaders and actions on a real database.

const SAME_ANSWER = "If this address belongs to a member, we have sent a link to it. It works for 7 days.";

interface View {
  state: string;
  firstName?: string;
  draft?: Record<string, unknown>;
  errors?: Record<string, string>;
  notice?: string | null;
}

describe.each(databaseKinds)("members' own update links on %s", (kind) => {
  let t: TestServices;
  let cookie: string;
  const rows = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);

  beforeAll(async () => {
    t = await startTestServices(kind);
    cookie = await signInCookie();
  });
  afterEach(async () => {
    await rows("delete from rate_limits");
  });
  afterAll(async () => {
    await t.stop();
  });

  let count = 0;
  async function aMember(first: string, more: { children?: unknown[]; ministries?: string[] } = {}) {
    count += 1;
    const email = `${first.toLowerCase()}.${count}.${Date.now()}@example.org`;
    const [row] = await rows<{ id: string }>(
      `insert into members (first_name, last_name, email, mobile, country_code, address_bh, children, ministry_involvement)
       values ($1, 'Cruz', $2, '33110000', '+973', 'Road 1, Manama', $3::jsonb, $4) returning id`,
      [first, email, JSON.stringify(more.children ?? []), more.ministries ?? ["amplify"]],
    );
    return { id: row!.id, email, first };
  }

  let ips = 0;
  const someIp = () => `198.51.100.${(ips += 1) % 250}`;

  /** Staff press "E-mail an update link" on the profile; the token is read from the outbox e-mail. */
  async function emailLink(memberId: string, email: string): Promise<string> {
    const sent = await callRoute(
      profileAction,
      formRequest(`/members/profile/${memberId}`, { intent: "send-update-link" }, { cookie }),
      { params: { id: memberId } },
    );
    expect(sent.status).toBe(200);
    const [mail] = await rows<{ text_body: string; kind: string }>(
      "select text_body, kind from outbox_emails where to_address = $1 order by created_at desc limit 1",
      [email],
    );
    expect(mail?.kind).toBe("member.update-link");
    const token = /http:\/\/localhost\/update-my-details\/([\w-]{43})\b/.exec(mail!.text_body)?.[1];
    expect(token, "the e-mail holds the link").toBeTruthy();
    return token!;
  }

  const open = (token: string) =>
    callRoute(formLoader, new Request(`http://localhost/update-my-details/${token}`), { params: { token } });

  /** The form as the page shows it, with `changes` over the member's values (children as rows). */
  function submit(token: string, fields: Record<string, string | string[]>, clientIp = someIp()) {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) {
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    }
    return callRoute(
      formAction,
      new Request(`http://localhost/update-my-details/${token}`, {
        method: "POST",
        body,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      }),
      { params: { token }, clientIp },
    );
  }

  function formOf(member: { email: string }, changes: Record<string, string | string[]> = {}) {
    return {
      email: member.email,
      countryCode: "+973",
      mobile: "33110000",
      addressBh: "Road 1, Manama",
      addressPh: "",
      ministryInvolvement: ["amplify"],
      childName: [""],
      childBirthday: [""],
      childGender: [""],
      ...changes,
    };
  }

  async function memberRow(id: string) {
    const [row] = await rows<{ mobile: string; children: unknown[]; email: string; address_bh: string }>(
      "select mobile, children, email, address_bh from members where id = $1",
      [id],
    );
    return row!;
  }

  async function requestsOf(memberId: string) {
    return rows<{
      id: string;
      changes: { field: string; from: unknown; to: unknown; status: string }[];
      decided_at: Date | null;
    }>("select id, changes, decided_at from member_update_requests where member_id = $1", [memberId]);
  }

  it("a link opens one member's details; sending stores only the differences and uses the link up", async () => {
    const ana = await aMember("Ana");
    const ben = await aMember("Ben");
    const token = await emailLink(ana.id, ana.email);
    // Only the hash is kept: the database holds no working link.
    expect(await rows("select 1 from member_update_links where token_hash = $1", [token])).toEqual([]);
    const [link] = await rows<{ expires_in_days: number; sent_by: string }>(
      "select round(extract(epoch from expires_at - now()) / 86400)::int as expires_in_days, sent_by from member_update_links where member_id = $1",
      [ana.id],
    );
    expect(link).toEqual({ expires_in_days: 7, sent_by: "admin@test.local" });
    const [audit] = await rows<{ action: string }>(
      "select action from audit_log where subject_id = $1 and action like 'member.update-%'",
      [ana.id],
    );
    expect(audit?.action).toBe("member.update-link-sent");

    const page = await open(token);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.headers.get("Referrer-Policy")).toBe("same-origin");
    const view = page.data as View;
    expect(view).toMatchObject({
      state: "open",
      firstName: "Ana",
      draft: { email: ana.email, mobile: "33110000" },
    });
    expect(JSON.stringify(view)).not.toContain(ben.email);

    // The form carries Ben's id in every way a page could: the link still only ever touches Ana.
    const sent = await submit(
      token,
      formOf(ana, {
        mobile: "39998888",
        childName: ["Mia Cruz"],
        childBirthday: ["2020-02-29"],
        childGender: ["Female"],
        id: ben.id,
        memberId: ben.id,
        member_id: ben.id,
      }),
    );
    expect(sent.status).toBe(200);
    expect(sent.data).toEqual({ state: "thanks" });

    const [request] = await requestsOf(ana.id);
    expect(request!.changes).toEqual([
      { field: "mobile", from: "33110000", to: "39998888", status: "pending" },
      {
        field: "children",
        from: [],
        to: [{ name: "Mia Cruz", birthday: "2020-02-29", gender: "Female" }],
        status: "pending",
      },
    ]);
    expect(await requestsOf(ben.id)).toEqual([]);
    // Nothing reaches either record before staff accept it.
    expect((await memberRow(ana.id)).mobile).toBe("33110000");
    expect((await memberRow(ben.id)).mobile).toBe("33110000");

    // Single use: a second post and a second opening are refused.
    const again = await submit(token, formOf(ana, { mobile: "31112222" }));
    expect(again.status).toBe(410);
    expect(again.data).toEqual({ state: "used" });
    expect((await open(token)).data).toEqual({ state: "used" });
    expect(await requestsOf(ana.id)).toHaveLength(1);
  });

  it("nothing changed keeps the link open; a mistake is shown on its field with what was typed, nothing stored", async () => {
    const cara = await aMember("Cara");
    const token = await emailLink(cara.id, cara.email);

    const same = await submit(token, formOf(cara, { ministryInvolvement: ["amplify"] }));
    expect(same.status).toBe(200);
    expect(same.data).toMatchObject({ state: "open", notice: "unchanged" });

    const wrong = await submit(token, formOf(cara, { email: "not an address", mobile: "12" }));
    expect(wrong.status).toBe(400);
    const view = wrong.data as View;
    expect(view.errors).toMatchObject({
      email: "Please enter a valid email address.",
      mobile: "Please enter a valid mobile number.",
    });
    expect(view.draft).toMatchObject({ email: "not an address", mobile: "12" });

    // "Add another child" (the form's round trip without scripts): what was typed, one more empty row.
    const more = await submit(
      token,
      formOf(cara, { intent: "add-child", mobile: "39990000", childName: ["Ivo"] }),
    );
    expect(more.data).toMatchObject({
      state: "open",
      newRows: 1,
      draft: { mobile: "39990000", children: [{ name: "Ivo", birthday: null, gender: null }] },
    });
    const twice = await submit(token, formOf(cara, { intent: "add-child", childName: ["", ""] }));
    expect(twice.data).toMatchObject({ state: "open", newRows: 3, draft: { children: [] } });

    expect(await requestsOf(cara.id)).toEqual([]);
    const [link] = await rows<{ used_at: Date | null }>(
      "select used_at from member_update_links where member_id = $1",
      [cara.id],
    );
    expect(link!.used_at).toBeNull();
    expect((await open(token)).data).toMatchObject({ state: "open" });
  });

  it("an expired link and an altered one open nothing and show nothing of anyone", async () => {
    const dan = await aMember("Dan");
    const token = await emailLink(dan.id, dan.email);

    const altered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    for (const bad of [altered, "abc", `${token}x`, "../../members"]) {
      const page = await open(bad);
      expect(page.status, bad).toBe(404);
      expect(page.data).toEqual({ state: "invalid" });
      const post = await submit(bad, formOf(dan, { mobile: "39990000" }));
      expect(post.data).toEqual({ state: "invalid" });
    }

    await rows(
      "update member_update_links set expires_at = now() - interval '1 minute' where member_id = $1",
      [dan.id],
    );
    const expired = await open(token);
    expect(expired.status).toBe(410);
    expect(expired.data).toEqual({ state: "expired" });
    expect((await submit(token, formOf(dan, { mobile: "39990000" }))).data).toEqual({ state: "expired" });
    expect(await requestsOf(dan.id)).toEqual([]);
  });

  it("staff accept one change and reject the other: the record has the accepted one only, both audited", async () => {
    const eva = await aMember("Eva", {
      children: [{ name: "Leo Cruz", birthday: "2018-05-01", gender: "Male" }],
    });
    const token = await emailLink(eva.id, eva.email);
    await submit(
      token,
      formOf(eva, {
        mobile: "36665555",
        childName: ["Leo Cruz", "Zoe Cruz"],
        childBirthday: ["2018-05-01", "2023-01-10"],
        childGender: ["Male", "Female"],
      }),
    );
    const review = await callRoute(
      reviewLoader,
      new Request("http://localhost/members/updates", { headers: { cookie } }),
    );
    const { requests } = review.data as {
      requests: {
        id: string;
        memberName: string;
        pending: number;
        changes: { field: string; index: number }[];
      }[];
    };
    const request = requests.find((one) => one.memberName === "Eva Cruz")!;
    expect(request.pending).toBe(2);
    const mobile = request.changes.find((change) => change.field === "mobile")!;
    const children = request.changes.find((change) => change.field === "children")!;

    const decide = (intent: string, index: number, more: Record<string, string> = {}) =>
      callRoute(
        reviewAction,
        formRequest(
          "/members/updates",
          { intent, request: request.id, index: String(index), ...more },
          { cookie },
        ),
      );
    expect((await decide("accept", mobile.index)).status).toBe(200);
    expect((await decide("reject", children.index)).status).toBe(200);
    // Deciding again is refused: each change is decided once.
    expect((await decide("accept", children.index)).status).toBe(404);

    const row = await memberRow(eva.id);
    expect(row.mobile).toBe("36665555");
    expect(row.children).toEqual([{ name: "Leo Cruz", birthday: "2018-05-01", gender: "Male" }]);
    // The search text follows the accepted mobile (written through the member form's own save).
    const found = await rows("select 1 from members where id = $1 and search_text like '%36665555%'", [
      eva.id,
    ]);
    expect(found).toHaveLength(1);

    const audit = await rows<{ action: string; details: Record<string, unknown>; actor_label: string }>(
      "select action, details, actor_label from audit_log where subject_id = $1 and action in ('member.update-accepted', 'member.update-rejected', 'member.updated') order by at, id",
      [eva.id],
    );
    // One transaction writes the save and its decision, so they share a time: read them by action.
    const byAction = Object.fromEntries(audit.map((entry) => [entry.action, entry.details]));
    // Each decision is one entry: the accepted change is not logged a second time as "member.updated".
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      "member.update-accepted",
      "member.update-rejected",
    ]);
    expect(byAction["member.update-accepted"]).toMatchObject({
      field: "mobile",
      from: "33110000",
      to: "36665555",
    });
    expect(byAction["member.update-rejected"]).toMatchObject({ field: "children" });
    expect(byAction["member.update-accepted"]).toMatchObject({
      changes: [{ field: "mobile", from: "33110000", to: "36665555" }],
    });
    expect(audit.every((entry) => entry.actor_label === "admin@test.local")).toBe(true);

    const [stored] = await requestsOf(eva.id);
    expect(stored!.decided_at).not.toBeNull();
    expect(stored!.changes.map((change) => change.status)).toEqual(["accepted", "rejected"]);
    const after = await callRoute(
      reviewLoader,
      new Request("http://localhost/members/updates", { headers: { cookie } }),
    );
    expect((after.data as { requests: { id: string }[] }).requests.map((one) => one.id)).not.toContain(
      request.id,
    );
  });

  it("a field staff changed since is only accepted when confirmed; accept all takes the rest", async () => {
    const finn = await aMember("Finn");
    const token = await emailLink(finn.id, finn.email);
    await submit(token, formOf(finn, { mobile: "35554444", addressBh: "Road 9, Riffa" }));
    const [request] = await requestsOf(finn.id);

    const [member] = await rows<Record<string, unknown>>("select * from members where id = $1", [finn.id]);
    await updateMember(
      finn.id,
      {
        firstName: "Finn",
        middleName: null,
        lastName: "Cruz",
        nickname: null,
        email: finn.email,
        mobile: "37770000",
        countryCode: "+973",
        addressBh: member!.address_bh as string,
        addressPh: null,
        birthday: null,
        waterBaptismDate: null,
        gender: null,
        maritalStatus: null,
        spouseName: null,
        weddingAnniversary: null,
        children: [],
        bibleStudyGroup: null,
        saltGroupName: null,
        ministryInvolvement: ["amplify"],
        ministryRole: [],
        churchPosition: "Member",
        membershipStatus: "active",
        language: "en",
      },
      "console",
    );

    const acceptAll = (more: Record<string, string> = {}) =>
      callRoute(
        reviewAction,
        formRequest("/members/updates", { intent: "accept-all", request: request!.id, ...more }, { cookie }),
      );
    const refused = await acceptAll();
    expect(refused.status).toBe(409);
    expect((await memberRow(finn.id)).mobile).toBe("37770000");

    expect((await acceptAll({ confirmStale: "yes" })).status).toBe(200);
    const row = await memberRow(finn.id);
    expect(row).toMatchObject({ mobile: "35554444", address_bh: "Road 9, Riffa" });
  });

  it("the public page answers the same for any address, and e-mails a link only to a member's", async () => {
    const gia = await aMember("Gia");
    const ask = (email: string, clientIp = someIp()) =>
      callRoute(askAction, formRequest("/update-my-details", { email }), { clientIp });

    const known = await ask(gia.email.toUpperCase());
    const unknown = await ask(`nobody.${Date.now()}@example.org`);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const toastOf = (answer: { data?: unknown }) => (answer.data as { toast: unknown }).toast;
    expect(toastOf(known)).toEqual({ title: "Check your e-mail", description: SAME_ANSWER });
    expect(toastOf(unknown)).toEqual(toastOf(known));

    const mails = await rows<{ to_address: string; kind: string }>(
      "select to_address, kind from outbox_emails where kind = 'member.update-link' and to_address in ($1, $2)",
      [gia.email, `nobody@example.org`],
    );
    expect(mails).toEqual([{ to_address: gia.email, kind: "member.update-link" }]);
    const [link] = await rows<{ sent_by: string }>(
      "select sent_by from member_update_links where member_id = $1",
      [gia.id],
    );
    expect(link!.sent_by).toBe("member");

    // A deleted member's address gets nothing.
    const gone = await aMember("Hal");
    await rows("update members set deleted_at = now() where id = $1", [gone.id]);
    await ask(gone.email);
    expect(await rows("select 1 from outbox_emails where to_address = $1", [gone.email])).toEqual([]);
  });

  it("asking is rate limited per address (quietly) and per connection (told to wait)", async () => {
    const ivy = await aMember("Ivy");
    for (let i = 0; i < 5; i += 1) {
      const answer = await callRoute(askAction, formRequest("/update-my-details", { email: ivy.email }), {
        clientIp: someIp(),
      });
      expect((answer.data as { toast: { description: string } }).toast.description).toBe(SAME_ANSWER);
    }
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      "select count(*)::int as n from outbox_emails where to_address = $1",
      [ivy.email],
    );
    expect(n).toBe(3);

    const ip = "203.0.113.77";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const answer = await callRoute(
        askAction,
        formRequest("/update-my-details", { email: `someone${i}@example.org` }),
        { clientIp: ip },
      );
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
  const consentRows = (memberId: string) =>
    rows<{ kind: string; recorded_by: string; withdrawn_by: string | null; withdrawn: boolean }>(
      `select kind, recorded_by, withdrawn_by, withdrawn_at is not null as withdrawn
         from consents where member_id = $1 order by given_at, id`,
      [memberId],
    );

  it("the member gives and withdraws their own consents at once, audited, and the link stays open", async () => {
    const eva = await aMember("Eva");
    await rows(
      "insert into consents (member_id, kind, notice_version, recorded_by) values ($1, 'registry', 1, 'registration-passcode')",
      [eva.id],
    );
    const token = await emailLink(eva.id, eva.email);
    const shown = (await open(token)).data as View & { consents: Record<string, boolean> };
    expect(shown.consents).toEqual({ registry: true, email: false, digest: false });

    // Ticks church e-mails, keeps the registry.
    const given = await submit(token, { intent: "consents", consentRegistry: "yes", consentEmail: "yes" });
    expect(given.status).toBe(200);
    expect((given.data as View).notice).toBe("consents-saved");
    expect(await consentRows(eva.id)).toEqual([
      { kind: "registry", recorded_by: "registration-passcode", withdrawn_by: null, withdrawn: false },
      { kind: "email", recorded_by: "member", withdrawn_by: null, withdrawn: false },
    ]);
    // Nothing went to the review queue and the link still opens.
    expect(await requestsOf(eva.id)).toEqual([]);
    expect(((await open(token)).data as View).state).toBe("open");

    // The same again: nothing to save, nothing written.
    const same = await submit(token, { intent: "consents", consentRegistry: "yes", consentEmail: "yes" });
    expect((same.data as View).notice).toBe("consents-same");
    expect(await consentRows(eva.id)).toHaveLength(2);

    // Withdraws the registry: the office is told on the review queue and by the badge's count.
    const withdrawn = await submit(token, { intent: "consents", consentEmail: "yes" });
    expect((withdrawn.data as View).notice).toBe("registry-withdrawn");
    const [registry] = await consentRows(eva.id);
    expect(registry).toMatchObject({ kind: "registry", withdrawn: true, withdrawn_by: "member" });
    const queue = await callRoute(
      reviewLoader,
      new Request("http://localhost/members/updates", { headers: { cookie } }),
    );
    const listed = (queue.data as { withdrawn: { memberId: string; memberName: string }[] }).withdrawn;
    expect(listed).toContainEqual(expect.objectContaining({ memberId: eva.id, memberName: "Eva Cruz" }));
    const audit = await rows<{ action: string; details: Record<string, unknown> }>(
      "select action, details from audit_log where subject_id = $1 and action like 'member.consent%' order by at, id",
      [eva.id],
    );
    expect(audit.map((entry) => [entry.action, entry.details.consent, entry.details.by])).toEqual([
      ["member.consent-given", "email", "the member"],
      ["member.consent-withdrawn", "registry", "the member"],
    ]);

    // Staff record the consent again (given on paper): the member leaves the list.
    await rows(
      "insert into consents (member_id, kind, notice_version, recorded_by) values ($1, 'registry', 1, 'admin@church.local')",
      [eva.id],
    );
    const after = await callRoute(
      reviewLoader,
      new Request("http://localhost/members/updates", { headers: { cookie } }),
    );
    expect(
      (after.data as { withdrawn: { memberId: string }[] }).withdrawn.map((entry) => entry.memberId),
    ).not.toContain(eva.id);
  });

  it("Download my data gives the member's own file while the link is open, and nothing to an altered or used link", async () => {
    const ida = await aMember("Ida");
    const joe = await aMember("Joe");
    const token = await emailLink(ida.id, ida.email);
    // A staff digest that names Ida's address beside someone else's message: not hers to take.
    await rows(
      `insert into outbox_emails (kind, to_address, subject, text_body, html_body, status)
       values ('digest', 'office@church.local', 'Today', $1, '<p>digest</p>', 'sent')`,
      [`New: ${ida.email} and ${joe.email} wrote about the choir`],
    );
    const download = (value: string) =>
      callRoute(myDataLoader, new Request(`http://localhost/update-my-details/${value}/my-data`), {
        params: { token: value },
      });

    const file = await download(token);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(
      /^attachment; filename="personal-data-ida-cruz-\d{4}-\d{2}-\d{2}\.html"$/,
    );
    expect(file.headers.get("cache-control")).toContain("no-store");
    const html = await file.response!.text();
    expect(html).toContain(ida.email);
    expect(html).toContain("Update my details"); // the e-mail with her link, sent to her
    expect(html).not.toContain(joe.email);
    const [exported] = await rows<{ details: Record<string, unknown> }>(
      "select details from audit_log where subject_id = $1 and action = 'member.exported'",
      [ida.id],
    );
    expect(exported?.details).toEqual({ format: "html", by: "the member" });

    // One character changed: no file, and nothing about anyone.
    const altered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    const refused = await download(altered);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.data)).not.toContain("Ida");

    // Once the link is used, the file is gone with it.
    expect((await submit(token, formOf(ida, { mobile: "33119999" }))).status).toBe(200);
    expect((await download(token)).status).toBe(410);
  });
});
