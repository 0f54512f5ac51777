import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eventRegistrations, events } from "../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { action as connectAction } from "~/routes/connect";
import { action as registerAction } from "~/routes/events/detail";
import { action as joinAction } from "~/routes/groups/join";
import { action as checkInAction } from "~/routes/members/people/check-in";
import { checkInCode } from "~/server/people/registration-links.server";
import { addGroup, addMembers, clearGroups } from "../helpers/groups-seed";
import { createStaffAccount } from "../helpers/staff-account";
import {
  TEST_ADMIN,
  callRoute,
  databaseKinds,
  formRequest,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// The follow-ups the site starts by itself (issue 38): a first connect message, an event
// registration and a first check-in of someone outside the registry start "New visitor" (the
// workflow of its trigger) or add a note to the open one; a group's "Ask to join" starts "Asked to
// join {group}". A member is known by e-mail only: a shared mobile number is someone else.

const today = todayInChurchZone();
const someIp = () => `198.51.100.${crypto.randomInt(1, 250)}`;

interface FollowUpRow {
  id: string;
  member_id: string | null;
  name: string;
  email: string;
  reason: string;
  source: string;
  workflow_id: string | null;
  assignee_id: string | null;
  due_on: string;
  status: string;
}

describe.each(databaseKinds)("follow-ups the site starts by itself on %s", (kind) => {
  let t: TestServices;
  let cookie: string;
  let people: Record<string, { id: string; email: string }>;
  let newVisitorWorkflow: string;
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);
  const followUps = () =>
    q<FollowUpRow>(
      `select id, member_id, name, email, reason, source, workflow_id, assignee_id, due_on::text as due_on, status
       from follow_ups order by created_at, id`,
    );
  const notesOf = async (id: string) =>
    (
      await q<{ body: string; author: string }>(
        "select body, author from follow_up_notes where follow_up_id = $1 order by created_at, id",
        [id],
      )
    ).map((note) => `${note.author}: ${note.body}`);
  const stepsOf = async (id: string) =>
    (
      await q<{ title: string; due_on: string }>(
        "select title, due_on::text as due_on from follow_up_steps where follow_up_id = $1 order by position",
        [id],
      )
    ).map((step) => `${step.title} ${step.due_on}`);

  const connect = (fields: Partial<Record<string, string>>) =>
    callRoute(
      connectAction,
      formRequest("/connect", {
        name: "Nadia Karim",
        email: "nadia@example.net",
        mobile: "+973 3999 1234",
        message: "We moved to Riffa and would like to visit.",
        ...fields,
      } as Record<string, string>),
      { clientIp: someIp() },
    );
  const register = (eventId: string, fields: Partial<Record<string, string>> = {}) =>
    callRoute(
      registerAction,
      formRequest(`/events/${eventId}`, {
        name: "Omar Haddad",
        email: "omar@example.net",
        mobile: "+973 3888 1234",
        message: "",
        ...fields,
      } as Record<string, string>),
      { params: { id: eventId }, clientIp: someIp() },
    );
  const arrive = (eventId: string, registrationId: string) =>
    callRoute(
      checkInAction,
      formRequest(
        `/members/events/${eventId}/check-in`,
        { intent: "arrive", id: registrationId },
        { cookie },
      ),
      { params: { id: eventId } },
    );
  const askToJoin = (groupId: string, fields: Partial<Record<string, string>>) =>
    callRoute(
      joinAction,
      formRequest(`/groups/${groupId}`, {
        name: "Nadia Karim",
        email: "nadia@example.net",
        mobile: "",
        message: "",
        ...fields,
      } as Record<string, string>),
      { params: { id: groupId }, clientIp: someIp() },
    );

  async function addEvent(title: string, inDays = 3) {
    const [row] = await t.services.db
      .insert(events)
      .values({
        title,
        eventDate: addDays(today, inDays),
        eventTime: "09:00",
        locationName: "Church Hall",
        googleMapsUrl: "https://maps.example.org/?q=hall",
      })
      .returning({ id: events.id, title: events.title, eventDate: events.eventDate });
    return row!;
  }
  const registrationOf = async (email: string, eventId: string) =>
    (
      await q<{ id: string }>("select id from event_registrations where email = $1 and event_id = $2", [
        email,
        eventId,
      ])
    )[0]!.id;

  beforeAll(async () => {
    t = await startTestServices(kind);
    cookie = await signInCookie();
    newVisitorWorkflow = (
      await q<{ id: string }>("select id from care_workflows where trigger = 'new-visitor'")
    )[0]!.id;
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    await clearGroups(t.services.db);
    await q("delete from visitors");
    await q("delete from events");
    await q("delete from care_workflows where trigger = 'ask-to-join'");
    people = await addMembers(t.services.db, ["Lea", "Marco"]);
  });

  it("starts New visitor from its workflow for someone new who sends a connect message; a second message adds nothing", async () => {
    expect((await connect({ email: " Nadia@Example.net " })).status).toBe(200);
    const [started, ...others] = await followUps();
    expect(others).toEqual([]);
    expect(started).toMatchObject({
      member_id: null,
      name: "Nadia Karim",
      email: "Nadia@Example.net",
      reason: "New visitor",
      source: "connect",
      workflow_id: newVisitorWorkflow,
      // The seeded workflow names no one: the first step's due date, for whoever takes it.
      assignee_id: null,
      due_on: addDays(today, 2),
      status: "open",
    });
    expect(await stepsOf(started!.id)).toEqual([
      `Welcome call ${addDays(today, 2)}`,
      `Invite to a group ${addDays(today, 14)}`,
      `Coffee with a pastor ${addDays(today, 30)}`,
    ]);
    expect(await notesOf(started!.id)).toEqual(["visitor: Sent a connect message"]);
    const logged = await q<{ actor_label: string; subject_label: string; details: { source: string } }>(
      "select actor_label, subject_label, details from audit_log where action = 'follow-up.started'",
    );
    expect(logged).toEqual([
      {
        actor_label: "visitor",
        subject_label: "nadia@example.net",
        details: expect.objectContaining({ source: "connect" }),
      },
    ]);

    // The same person writing again (any case) is no longer new: no card, no note.
    expect((await connect({ email: "NADIA@example.net", message: "See you Friday." })).status).toBe(200);
    expect(await followUps()).toHaveLength(1);
    expect(await notesOf(started!.id)).toHaveLength(1);
    expect(await q("select 1 from visitors")).toHaveLength(2);
  });

  it("starts nothing for a member's message, but a deleted member's address or a member's mobile alone is someone new", async () => {
    expect(
      (await connect({ name: "Lea Reyes", email: " LEA@example.org", mobile: "3311 2000" })).status,
    ).toBe(200);
    expect(await followUps()).toEqual([]);

    // Someone else on Marco's mobile number (a shared family phone) is not Marco.
    expect(
      (await connect({ name: "Rosa Haddad", email: "rosa@example.net", mobile: "+973 3311 2001" })).status,
    ).toBe(200);
    // A member deleted (waiting under Recently deleted) is no longer in the registry.
    await q("update members set deleted_at = now() where id = $1", [people.Marco!.id]);
    expect(
      (await connect({ name: "Marco Reyes", email: "marco@example.org", mobile: "3311 2001" })).status,
    ).toBe(200);
    expect((await followUps()).map((row) => [row.name, row.member_id, row.source])).toEqual([
      ["Rosa Haddad", null, "connect"],
      ["Marco Reyes", null, "connect"],
    ]);
  });

  it("starts one for a registration from outside the registry; the first check-in and later registrations add notes to it", async () => {
    const familyDay = await addEvent("Family Day");
    expect((await register(familyDay.id)).status).toBe(200);
    const [started, ...others] = await followUps();
    expect(others).toEqual([]);
    expect(started).toMatchObject({
      name: "Omar Haddad",
      email: "omar@example.net",
      reason: "New visitor",
      source: "event",
      workflow_id: newVisitorWorkflow,
      due_on: addDays(today, 2),
    });
    expect(await notesOf(started!.id)).toEqual([
      `visitor: Registered for Family Day (${familyDay.eventDate})`,
    ]);

    const registration = await registrationOf("omar@example.net", familyDay.id);
    expect((await arrive(familyDay.id, registration)).status).toBe(200);
    // A second tap on "Arrived" is not a second check-in.
    expect((await arrive(familyDay.id, registration)).status).toBe(200);
    expect(await followUps()).toHaveLength(1);
    expect(await notesOf(started!.id)).toEqual([
      `visitor: Registered for Family Day (${familyDay.eventDate})`,
      `${TEST_ADMIN.email}: Checked in at Family Day`,
    ]);

    // Registering again while it is open is a note on it; once it is closed, a new one starts.
    const picnic = await addEvent("Picnic", 10);
    expect((await register(picnic.id)).status).toBe(200);
    expect(await followUps()).toHaveLength(1);
    expect((await notesOf(started!.id)).at(-1)).toBe(`visitor: Registered for Picnic (${picnic.eventDate})`);
    await q("update follow_ups set status = 'done', closed_at = now() where id = $1", [started!.id]);
    const retreat = await addEvent("Retreat", 20);
    expect((await register(retreat.id)).status).toBe(200);
    const [, again] = await followUps();
    expect(again).toMatchObject({ name: "Omar Haddad", source: "event", status: "open" });
    expect(await notesOf(again!.id)).toEqual([`visitor: Registered for Retreat (${retreat.eventDate})`]);

    // A member registering and arriving starts nothing.
    expect((await register(picnic.id, { name: "Marco Reyes", email: "Marco@Example.org" })).status).toBe(200);
    expect((await arrive(picnic.id, await registrationOf("Marco@Example.org", picnic.id))).status).toBe(200);
    expect(await followUps()).toHaveLength(2);
  });

  it("starts one at a first check-in (by tap or by QR code) when no follow-up is open; never at a later check-in", async () => {
    const familyDay = await addEvent("Family Day");
    // Registrations kept before follow-ups existed: Omar never came; Pia came to an earlier event.
    const [omar, pia] = await t.services.db
      .insert(eventRegistrations)
      .values([
        {
          eventId: familyDay.id,
          eventTitle: "Family Day",
          name: "Omar Haddad",
          email: "omar@example.net",
          mobile: "",
        },
        {
          eventId: familyDay.id,
          eventTitle: "Family Day",
          name: "Pia Lim",
          email: "pia@example.net",
          mobile: "",
        },
        {
          eventTitle: "Easter Service",
          name: "Pia Lim",
          email: "PIA@example.net",
          mobile: "",
          checkedInAt: new Date(Date.now() - 90 * 86_400_000),
        },
      ])
      .returning({ id: eventRegistrations.id });
    const scanned = await callRoute(
      checkInAction,
      formRequest(
        `/members/events/${familyDay.id}/check-in`,
        { intent: "arrive-code", code: checkInCode(omar!.id) },
        { cookie },
      ),
      { params: { id: familyDay.id } },
    );
    expect(scanned.data).toMatchObject({ ok: true, toast: { title: "Checked in" } });
    expect((await arrive(familyDay.id, pia!.id)).status).toBe(200);
    const rows = await followUps();
    expect(rows.map((row) => [row.name, row.source, row.reason, row.workflow_id])).toEqual([
      ["Omar Haddad", "check-in", "New visitor", newVisitorWorkflow],
    ]);
    expect(await notesOf(rows[0]!.id)).toEqual([`${TEST_ADMIN.email}: Checked in at Family Day`]);
  });

  it("merges a registration into the follow-up a connect message started, as a note", async () => {
    await connect({ name: "Omar Haddad", email: "omar@example.net" });
    const familyDay = await addEvent("Family Day");
    await register(familyDay.id);
    const [only, ...others] = await followUps();
    expect(others).toEqual([]);
    expect(only!.source).toBe("connect");
    expect(await notesOf(only!.id)).toEqual([
      "visitor: Sent a connect message",
      `visitor: Registered for Family Day (${familyDay.eventDate})`,
    ]);
  });

  it("starts 'Asked to join' for a group's ask to join, merged for the same address, never by a mobile alone", async () => {
    const group = await addGroup(t.services.db, { name: "Group 2" });
    const closed = await addGroup(t.services.db, { name: "Group 3", isOpen: false });
    expect((await askToJoin(group, {})).status).toBe(200);
    expect((await askToJoin(group, { email: "Nadia@Example.NET", message: "Still keen!" })).status).toBe(200);
    expect((await askToJoin(closed, {})).status).toBe(409);
    // A member asking is the member's follow-up, under their registry name.
    expect((await askToJoin(group, { name: "Lea", email: "LEA@example.org " })).status).toBe(200);
    // Two asks by mobile alone, one on Marco's number: neither is Marco, and they are not merged.
    expect((await askToJoin(group, { name: "Sam", email: "", mobile: "+973 3311 2001" })).status).toBe(200);
    expect((await askToJoin(group, { name: "Sam", email: "", mobile: "+973 3311 2001" })).status).toBe(200);

    const rows = await followUps();
    expect(
      rows.map((row) => [
        row.name,
        row.member_id,
        row.reason,
        row.source,
        row.workflow_id,
        row.assignee_id,
        row.due_on,
      ]),
    ).toEqual([
      ["Nadia Karim", null, "Asked to join Group 2", "ask-to-join", null, null, addDays(today, 2)],
      ["Lea Reyes", people.Lea!.id, "Asked to join Group 2", "ask-to-join", null, null, addDays(today, 2)],
      ["Sam", null, "Asked to join Group 2", "ask-to-join", null, null, addDays(today, 2)],
      ["Sam", null, "Asked to join Group 2", "ask-to-join", null, null, addDays(today, 2)],
    ]);
    expect(await notesOf(rows[0]!.id)).toEqual([
      "visitor: Asked to join Group 2",
      "visitor: Asked to join Group 2",
    ]);
    expect(await q("select 1 from follow_up_steps")).toEqual([]);
  });

  it("follows the church's ask-to-join workflow when it made one", async () => {
    const leader = await createStaffAccount({ name: "Ruth Ramos" });
    const [workflow] = await q<{ id: string }>(
      "insert into care_workflows (name, trigger) values ('Joining a group', 'ask-to-join') returning id",
    );
    await q(
      `insert into care_workflow_steps (workflow_id, position, title, days, assignee_id)
       values ($1, 1, 'Call about the group', 3, $2), ($1, 2, 'Introduce to the leader', 7, null)`,
      [workflow!.id, leader.id],
    );
    const group = await addGroup(t.services.db, { name: "Group 5" });
    expect((await askToJoin(group, {})).status).toBe(200);
    const [started] = await followUps();
    expect(started).toMatchObject({
      reason: "Asked to join Group 5",
      workflow_id: workflow!.id,
      assignee_id: leader.id,
      due_on: addDays(today, 3),
    });
    expect(await stepsOf(started!.id)).toEqual([
      `Call about the group ${addDays(today, 3)}`,
      `Introduce to the leader ${addDays(today, 7)}`,
    ]);
  });
});
