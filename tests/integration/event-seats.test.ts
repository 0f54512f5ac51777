import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eventRegistrations, events, outboxEmails, rateLimits } from "../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { action as cancelAction, loader as cancelLoader } from "~/routes/events/cancel";
import { action as registerAction, loader as detailLoader } from "~/routes/events/detail";
import { updateEvent } from "~/server/content/event-edits.server";
import { registerForEvent } from "~/server/people/event-seats.server";
import { siteContentChanged } from "~/server/site/site-content.server";
import {
  callRoute,
  databaseKinds,
  formRequest,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

const ORIGIN = "http://localhost";
const mapsUrl = "https://www.google.com/maps/search/?api=1&query=Manama";

describe.each(databaseKinds)("event seats, waitlist and cancel links on %s", (kind) => {
  let t: TestServices;
  const today = todayInChurchZone();

  beforeAll(async () => {
    t = await startTestServices(kind);
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    await t.services.db.delete(eventRegistrations);
    await t.services.db.delete(events);
    await t.services.db.delete(outboxEmails);
    await t.services.db.delete(rateLimits);
  });

  async function addEvent(extra: Partial<typeof events.$inferInsert> = {}) {
    const [row] = await t.services.db
      .insert(events)
      .values({
        title: "Marriage Retreat",
        eventDate: addDays(today, 14),
        eventTime: "09:00",
        locationName: "Main hall",
        googleMapsUrl: mapsUrl,
        ...extra,
      })
      .returning();
    return row!;
  }

  const person = (n: number) => ({
    name: `Guest ${n}`,
    email: `guest${n}@example.org`,
    mobile: "+973 3333 4444",
    message: null,
  });

  /** The cancel link in the last e-mail sent to an address. */
  async function cancelLinkSentTo(address: string) {
    const [mail] = await t.services.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, address))
      .orderBy(asc(outboxEmails.createdAt));
    const link = /http:\/\/localhost(\/events\/[^/]+\/cancel\?r=[\w-]+&s=[\w-]+)/.exec(mail!.textBody)?.[1];
    expect(link, `a cancel link in "${mail!.subject}"`).toBeTruthy();
    return { mail: mail!, path: link! };
  }

  it("gives 50 seats to exactly 50 of 200 people registering at the same moment; the rest wait", async () => {
    const event = await addEvent({ capacity: 50 });
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, n) => registerForEvent(event.id, person(n), today, ORIGIN)),
    );
    const statuses = outcomes.map((outcome) => (outcome.ok ? outcome.status : outcome.reason));
    expect(statuses.filter((status) => status === "confirmed")).toHaveLength(50);
    expect(statuses.filter((status) => status === "waitlisted")).toHaveLength(150);
    const rows = await t.services.db.select().from(eventRegistrations);
    expect(rows.filter((row) => row.status === "confirmed")).toHaveLength(50);

    const page = await callRoute(detailLoader, new Request(`${ORIGIN}/events/${event.id}`), {
      params: { id: event.id },
    });
    expect(page.data).toMatchObject({ event: { seatsLeft: 0, capacity: 50 } });
  }, 60_000);

  it("tells the visitor on screen and by e-mail that they are on the waitlist", async () => {
    const event = await addEvent({ capacity: 1 });
    await registerForEvent(event.id, person(1), today, ORIGIN);
    const answer = await callRoute(
      registerAction,
      formRequest(`/events/${event.id}`, {
        name: "Late Comer",
        email: "late@example.org",
        mobile: "+97333334444",
      }),
      { params: { id: event.id } },
    );
    expect(answer.data).toMatchObject({
      ok: true,
      toast: { title: "You're on the Waitlist", description: expect.stringContaining("is full") },
    });
    const { mail } = await cancelLinkSentTo("late@example.org");
    expect(mail.subject).toBe("You are on the waitlist: Marriage Retreat");
    // Only a confirmed seat comes with the calendar file.
    expect(mail.attachments).toEqual([]);
  });

  it("cancels once from the e-mailed link, and the seat goes to the first person waiting, who is told", async () => {
    const event = await addEvent({ capacity: 2 });
    for (const n of [1, 2, 3, 4]) await registerForEvent(event.id, person(n), today, ORIGIN);
    const { path } = await cancelLinkSentTo("guest1@example.org");

    // Opening the link changes nothing: mail programs open links to check them.
    const shown = await callRoute(cancelLoader, new Request(`${ORIGIN}${path}`), {
      params: { id: event.id },
    });
    expect(shown.data).toMatchObject({ state: "ask", eventTitle: "Marriage Retreat", name: "Guest 1" });
    expect(
      (await t.services.db.select().from(eventRegistrations)).every((r) => r.status !== "cancelled"),
    ).toBe(true);

    const cancelled = await callRoute(cancelAction, formRequest(path, {}), { params: { id: event.id } });
    expect(cancelled.data).toEqual({ state: "cancelled", eventTitle: "Marriage Retreat" });
    const byEmail = new Map(
      (await t.services.db.select().from(eventRegistrations)).map((row) => [row.email, row.status]),
    );
    expect(Object.fromEntries(byEmail)).toEqual({
      "guest1@example.org": "cancelled",
      "guest2@example.org": "confirmed",
      "guest3@example.org": "confirmed",
      "guest4@example.org": "waitlisted",
    });
    const seat = await t.services.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, "confirmation.event-seat"));
    expect(seat.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      ["guest3@example.org", "A seat is yours: Marriage Retreat"],
    ]);
    expect(seat[0]!.textBody).toMatch(/\/cancel\?r=/);

    // The same link again: nothing more happens.
    const again = await callRoute(cancelAction, formRequest(path, {}), { params: { id: event.id } });
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ state: "already" });
    expect(
      (await t.services.db.select().from(eventRegistrations)).filter((r) => r.status === "confirmed"),
    ).toHaveLength(2);
  });

  it("refuses a cancel link whose signature was changed", async () => {
    const event = await addEvent();
    await registerForEvent(event.id, person(1), today, ORIGIN);
    const { path } = await cancelLinkSentTo("guest1@example.org");
    const forged = path.replace(/s=[\w-]+/, "s=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    const answer = await callRoute(cancelAction, formRequest(forged, {}), { params: { id: event.id } });
    expect(answer.status).toBe(404);
    expect((await t.services.db.select().from(eventRegistrations))[0]!.status).toBe("confirmed");
  });

  it("closes registration at the deadline, on the page and for a form sent anyway", async () => {
    const event = await addEvent({ registrationDeadline: new Date(Date.now() - 60_000) });
    const page = await callRoute(detailLoader, new Request(`${ORIGIN}/events/${event.id}`), {
      params: { id: event.id },
    });
    expect(page.data).toMatchObject({ isClosed: true, isPast: false });
    expect(await registerForEvent(event.id, person(1), today, ORIGIN)).toEqual({
      ok: false,
      reason: "closed",
    });
  });

  it("gives new seats to the waitlist when staff raise the capacity", async () => {
    const event = await addEvent({ capacity: 1 });
    for (const n of [1, 2, 3]) await registerForEvent(event.id, person(n), today, ORIGIN);
    // A website edit in between: the church's texts are read again for the e-mails, before the
    // event's transaction (the embedded database answers one query at a time).
    siteContentChanged();
    await updateEvent(
      event.id,
      {
        title: event.title,
        eventDate: event.eventDate,
        eventTime: event.eventTime,
        eventEndTime: null,
        speaker: null,
        locationName: event.locationName,
        googleMapsUrl: event.googleMapsUrl,
        description: null,
        capacity: 2,
        registrationDeadline: null,
      },
      null,
      "system",
      ORIGIN,
    );
    const rows = await t.services.db.select().from(eventRegistrations);
    expect(
      rows
        .filter((row) => row.status === "confirmed")
        .map((row) => row.email)
        .sort(),
    ).toEqual(["guest1@example.org", "guest2@example.org"]);
  });
});
