import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { action as joinAction, loader as joinLoader } from "~/routes/groups/join";
import { loader as finderLoader } from "~/routes/groups/index";
import { listInbox } from "~/server/messages/inbox.server";
import { addGroup, addMembers, clearGroups, join } from "../helpers/groups-seed";
import {
  callRoute,
  databaseKinds,
  formRequest,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// The group finder and "Ask to join" (issue 37): only open groups are listed; a request is kept
// with an inbox item and e-mailed to the group's leaders; a closed group, a bot or a request
// without any contact writes nothing.

const ask = { name: "Nadia Karim", email: "nadia@example.net", mobile: "", message: "I live nearby." };

describe.each(databaseKinds)("the group finder on %s", (kind) => {
  let t: TestServices;
  let open: string;
  let closed: string;
  let people: Record<string, { id: string; email: string }>;
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);
  const counts = async () => ({
    requests: (await q("select 1 from group_join_requests")).length,
    inbox: (await q("select 1 from inbox_items")).length,
    emails: (await q("select 1 from outbox_emails")).length,
    followUps: (await q("select 1 from follow_ups")).length,
  });
  const post = (groupId: string, fields: Record<string, string>, ip = "192.0.2.10") =>
    callRoute(joinAction, formRequest(`/groups/${groupId}`, fields), {
      params: { id: groupId },
      clientIp: ip,
    });

  beforeAll(async () => {
    t = await startTestServices(kind);
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    const { db } = t.services;
    await clearGroups(db);
    people = await addMembers(db, ["Lea", "Marco", "Tess", "Una"]);
    open = await addGroup(db, { name: "Group 2", description: "We read Mark together.", capacity: 2 });
    closed = await addGroup(db, { name: "Group 3", isOpen: false });
    await join(db, open, [people.Lea!.id, people.Marco!.id], { leader: true });
    await join(db, closed, [people.Tess!.id], { leader: true });
    // Una leads the open group too, without an address the outbox would take.
    await q("update members set email = '' where id = $1", [people.Una!.id]);
    await join(db, open, [people.Una!.id], { leader: true });
  });

  it("lists only the open groups, with their day, area and whether they are full", async () => {
    const result = await callRoute(finderLoader, new Request("http://localhost/groups"));
    const { groups } = result.data as {
      groups: { id: string; name: string; area: string; isFull: boolean }[];
    };
    expect(groups.map((group) => group.name)).toEqual(["Group 2"]);
    expect(groups[0]).toMatchObject({ id: open, area: "Riffa", isFull: true, meetingDay: 4 });
    const closedPage = await callRoute(joinLoader, new Request(`http://localhost/groups/${closed}`), {
      params: { id: closed },
    });
    expect(closedPage.status).toBe(404);
  });

  it("keeps a request with an inbox item and e-mails each leader with an address", async () => {
    const result = await post(open, ask);
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ ok: true, toast: { title: "Request Sent!" } });
    const [request] = await q<{
      group_id: string;
      group_name: string;
      name: string;
      email: string;
      message: string;
    }>("select group_id, group_name, name, email, message from group_join_requests");
    expect(request).toEqual({
      group_id: open,
      group_name: "Group 2",
      name: "Nadia Karim",
      email: "nadia@example.net",
      message: "I live nearby.",
    });
    const inbox = await listInbox({ kind: "group", statuses: ["new"] });
    expect(inbox.rows).toHaveLength(1);
    expect(inbox.rows[0]).toMatchObject({
      kind: "group",
      name: "Nadia Karim",
      what: "Group 2: I live nearby.",
    });
    const mails = await q<{ to_address: string; subject: string; text_body: string }>(
      "select to_address, subject, text_body from outbox_emails where kind = 'group-join' order by to_address",
    );
    expect(mails.map((mail) => mail.to_address)).toEqual([people.Lea!.email, people.Marco!.email]);
    expect(mails[0]!.subject).toBe("Nadia Karim would like to join Group 2");
    expect(mails[0]!.text_body).toContain("nadia@example.net");
    expect(mails[0]!.text_body).toContain("I live nearby.");
    // The staff who hear of messages at once (the first admin, by default) are told too.
    const told = await q<{ to_address: string; text_body: string }>(
      "select to_address, text_body from outbox_emails where kind = 'notification.group'",
    );
    expect(told.map((mail) => mail.to_address)).toEqual(["admin@test.local"]);
    expect(told[0]!.text_body).toContain("The group's leaders were e-mailed.");
  });

  it("takes a mobile number alone", async () => {
    const result = await post(open, { ...ask, email: "", mobile: "+973 3999 1234" });
    expect(result.status).toBe(200);
    expect((await counts()).requests).toBe(1);
  });

  it("refuses a closed group, a missing contact and a bot, writing nothing", async () => {
    const shut = await post(closed, ask);
    expect(shut.status).toBe(409);
    expect(shut.data).toMatchObject({ ok: false });
    expect(JSON.stringify(shut.data)).toContain("not taking new members");

    const noContact = await post(open, { ...ask, email: "", mobile: "" });
    expect(noContact.status).toBe(400);
    expect(noContact.data).toMatchObject({
      fieldErrors: { email: expect.stringContaining("e-mail or your mobile") },
    });

    const badEmail = await post(open, { ...ask, email: "not an address" });
    expect(badEmail.status).toBe(400);

    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const bot = await post(open, { ...ask, website: "http://spam.example" });
    info.mockRestore();
    expect(bot.status).toBe(200);

    const deleted = await post("00000000-0000-4000-8000-000000000000", ask);
    expect(deleted.status).toBe(409);

    expect(await counts()).toEqual({ requests: 0, inbox: 0, emails: 0, followUps: 0 });
  });

  it("answers malformed bodies without a 5xx or a write", async () => {
    const bodies: [string, BodyInit, string][] = [
      ["no fields", "", "application/x-www-form-urlencoded"],
      ["repeated fields", "name=a&name=b&email=x&email=y", "application/x-www-form-urlencoded"],
      [
        "a huge message",
        `name=a&email=a@example.org&message=${"x".repeat(40_000)}`,
        "application/x-www-form-urlencoded",
      ],
      [
        "invalid UTF-8",
        new Uint8Array([0x6e, 0x3d, 0xff, 0xfe, 0xc3, 0x28]),
        "application/x-www-form-urlencoded",
      ],
      ["multipart without a boundary", "garbage", "multipart/form-data"],
    ];
    for (const [label, body, contentType] of bodies) {
      const result = await callRoute(
        joinAction,
        new Request(`http://localhost/groups/${open}`, {
          method: "POST",
          body,
          headers: { "content-type": contentType, origin: "http://localhost" },
        }),
        { params: { id: open }, clientIp: "192.0.2.11" },
      );
      expect(result.status, label).toBeGreaterThanOrEqual(400);
      expect(result.status, label).toBeLessThan(500);
    }
    expect(await counts()).toEqual({ requests: 0, inbox: 0, emails: 0, followUps: 0 });
  });
});
