import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announcements, consents, members, savedListMembers, savedLists } from "../../database/schema";
import {
  action as announcementAction,
  loader as announcementLoader,
} from "~/routes/members/announcements/announcement";
import { action as previewAction } from "~/routes/members/announcements/announcement-preview";
import { action as listAction } from "~/routes/members/announcements/saved-list";
import { action as listsAction } from "~/routes/members/announcements/saved-lists";
import type { ComposePreview } from "~/server/announcements/compose-preview.server";
import { seedScopeWorld, type ScopeWorld } from "../helpers/ministry-scope";
import {
  callRoute,
  databaseKinds,
  formRequest,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// The announcement screens (issue 35) through their loaders and actions on a real database: what
// the compose screen offers a ministry head and an admin, the count and the WhatsApp links the
// preview answers, refusals that write nothing, and saved lists as an audience.

describe.each(databaseKinds)("the announcement screens on %s", (kind) => {
  let t: TestServices;
  let world: ScopeWorld;

  beforeAll(async () => {
    t = await startTestServices(kind);
    world = await seedScopeWorld();
    const { db } = t.services;
    // Ana (Amplify) and Kim (ACTS Kids) agreed to e-mails; Hal, Amplify's head, has no address.
    const people = await db.select({ id: members.id, firstName: members.firstName }).from(members);
    const id = (name: string) => people.find((person) => person.firstName === name)!.id;
    await db
      .update(members)
      .set({ email: "", mobile: "+973 3900 1122" })
      .where(eq(members.id, id("Hal")));
    await db
      .update(members)
      .set({ mobile: "0097333112233" })
      .where(eq(members.id, id("Ana")));
    // Kim's number is Philippine: kept as the registry keeps it, without its country code.
    await db
      .update(members)
      .set({ mobile: "917 123 4567", countryCode: "+63" })
      .where(eq(members.id, id("Kim")));
    await db.insert(consents).values(
      ["Ana", "Kim", "Hal"].map((name) => ({
        memberId: id(name),
        kind: "email" as const,
        noticeVersion: 1,
        recordedBy: "office@example.org",
      })),
    );
  });
  afterAll(async () => {
    await t.stop();
  });

  const announcementCount = async () =>
    (await t.services.db.select({ n: count() }).from(announcements))[0]!.n;

  it("offers a ministry head only their ministries, and refuses another's with nothing written", async () => {
    const page = await callRoute(
      announcementLoader,
      new Request("http://localhost/members/announcements/new", { headers: { cookie: world.head } }),
      { params: { id: "new" } },
    );
    const options = (page.data as { options: { wholeChurch: boolean; ministries: { value: string }[] } })
      .options;
    expect(options.wholeChurch).toBe(false);
    expect(options.ministries.map((ministry) => ministry.value)).toEqual(["amplify"]);

    const before = await announcementCount();
    const forged = await callRoute(
      announcementAction,
      formRequest(
        "/members/announcements/new",
        { intent: "save", subject: "Hello", body: "Hi", combine: "any", ministry: "acts-kids" },
        { cookie: world.head },
      ),
      { params: { id: "new" } },
    );
    expect(forged.status).toBe(403);
    expect(await announcementCount()).toBe(before);

    const own = await callRoute(
      announcementAction,
      formRequest(
        "/members/announcements/new",
        {
          intent: "save",
          subject: "Amplify rehearsal",
          body: "Saturday",
          combine: "any",
          ministry: "amplify",
        },
        { cookie: world.head },
      ),
      { params: { id: "new" } },
    );
    expect(own.status).toBe(302);
    expect(own.response!.headers.get("location")).toMatch(/^\/members\/announcements\/[0-9a-f-]{36}$/);
    expect(await announcementCount()).toBe(before + 1);
  });

  it("counts Amplify and gives a WhatsApp link per person who agreed, in international form", async () => {
    const answer = await callRoute(
      previewAction,
      formRequest(
        "/members/announcements/preview",
        { subject: "Rehearsal", body: "**Saturday** at 7", combine: "any", ministry: "amplify" },
        { cookie: world.admin },
      ),
    );
    const preview = answer.data as ComposePreview;
    // Ana and Hal (Ben is inactive, Del deleted): Ana can receive it; Hal has no address.
    expect(preview.count).toEqual({ people: 2, reachable: 1, noConsent: 0, noAddress: 1, unsubscribed: 0 });
    expect(preview.whatsApp.text).toBe("*Rehearsal*\n\n*Saturday* at 7");
    expect(preview.people?.kind).toBe("people");
    const people = preview.people?.kind === "people" ? preview.people.people : [];
    // Hal agreed to the church's messages and has a mobile: he is on the WhatsApp list too.
    expect(people.map((person) => [person.name, person.link?.split("?")[0]])).toEqual([
      [expect.stringContaining("Ana"), "https://wa.me/97333112233"],
      [expect.stringContaining("Hal"), "https://wa.me/97339001122"],
    ]);
    expect(preview.html).toContain("<strong>Saturday</strong>");

    // While only the message changes, the screen may ask for the e-mail without a count.
    const textOnly = await callRoute(
      previewAction,
      formRequest(
        "/members/announcements/preview",
        { subject: "Rehearsal", body: "Now _Sunday_", combine: "any", ministry: "amplify", count: "no" },
        { cookie: world.admin },
      ),
    );
    expect(textOnly.data).toMatchObject({ counted: false, count: null, people: null });
    expect((textOnly.data as ComposePreview).html).toContain("<em>Sunday</em>");

    // A member's own country code is used: Kim's link is to the Philippines, not to Bahrain.
    const kids = await callRoute(
      previewAction,
      formRequest(
        "/members/announcements/preview",
        { subject: "Camp", body: "Hi", combine: "any", ministry: "acts-kids" },
        { cookie: world.admin },
      ),
    );
    const kidsPeople = (kids.data as ComposePreview).people;
    expect(
      kidsPeople?.kind === "people" && kidsPeople.people.map((person) => person.link?.split("?")[0]),
    ).toEqual(["https://wa.me/639171234567"]);
  });

  it("refuses an empty subject, a schedule in the past and an audience nobody can receive, writing nothing", async () => {
    const before = await announcementCount();
    const post = (fields: Record<string, string>) =>
      callRoute(
        announcementAction,
        formRequest("/members/announcements/new", { combine: "any", ...fields }, { cookie: world.admin }),
        { params: { id: "new" } },
      );
    const empty = await post({ intent: "send-now", subject: " ", body: "Hi", ministry: "amplify" });
    expect(empty.status).toBe(400);
    expect((empty.data as { fieldErrors: Record<string, string> }).fieldErrors.subject).toBe(
      "Please enter a subject.",
    );
    const nobody = await post({ intent: "save", subject: "Hi", body: "Hi" });
    expect((nobody.data as { fieldErrors: Record<string, string> }).fieldErrors.audience).toBe(
      "Please choose who receives it: at least one group of people.",
    );
    expect(await announcementCount()).toBe(before);
  });

  it("makes a saved list, refuses a second of the same name, and sends to the people on it", async () => {
    const made = await callRoute(
      listsAction,
      formRequest("/members/announcements/lists", { name: "Choir" }, { cookie: world.admin }),
    );
    expect(made.status).toBe(302);
    const listId = made.response!.headers.get("location")!.split("/").pop()!;
    const again = await callRoute(
      listsAction,
      formRequest("/members/announcements/lists", { name: "choir" }, { cookie: world.admin }),
    );
    expect(again.status).toBe(409);
    expect(await t.services.db.select({ n: count() }).from(savedLists)).toEqual([{ n: 1 }]);

    const added = await callRoute(
      listAction,
      formRequest(
        `/members/announcements/lists/${listId}`,
        { intent: "add", member: world.member.ana },
        { cookie: world.admin },
      ),
      { params: { id: listId } },
    );
    expect(added.status).toBe(302);
    expect(await t.services.db.select({ n: count() }).from(savedListMembers)).toEqual([{ n: 1 }]);

    const answer = await callRoute(
      previewAction,
      formRequest(
        "/members/announcements/preview",
        { subject: "Choir", body: "Hi", combine: "any", list: listId },
        { cookie: world.admin },
      ),
    );
    expect((answer.data as ComposePreview).count).toMatchObject({ people: 1, reachable: 1 });

    // A ministry head has no saved lists: the audience part is refused.
    const byHead = await callRoute(
      previewAction,
      formRequest(
        "/members/announcements/preview",
        { subject: "Choir", body: "Hi", combine: "any", list: listId },
        { cookie: world.head },
      ),
    );
    expect((byHead.data as ComposePreview).countError).toBe(
      "Your role sends announcements only to the people and sign-ups of your own ministries.",
    );
  });
});
