import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eventRegistrations, events, members, visitors } from "../../database/schema";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { loader as dashboardLoader } from "~/routes/members/home/dashboard";
import { loader as reportsLoader } from "~/routes/members/people/reports";
import {
  dashboardStats,
  membersByStatus,
  ministryBreakdown,
  newMembersPerMonth,
} from "~/server/people/member-reports.server";
import { upcomingEventsWithRegistrations } from "~/server/people/upcoming-event-registrations.server";
import {
  callRoute,
  databaseKinds,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// The dashboard's figures and the reports' chart series, read from the database as the screens
// read them: deleted members never count, and months are the church's months (Asia/Bahrain,
// UTC+3), not the server's.

type NewMember = Partial<typeof members.$inferInsert> & { firstName: string };

describe.each(databaseKinds)("dashboard figures and report series on %s", (kind) => {
  let t: TestServices;
  beforeAll(async () => {
    t = await startTestServices(kind);
    await t.services.auth.api.createUser({
      body: { email: "editor@test.local", password: "editor password 1", name: "Eddie", role: "editor" },
    });
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    const { db } = t.services;
    await db.delete(eventRegistrations);
    await db.delete(events);
    await db.delete(members);
    await db.delete(visitors);
  });

  async function addMembers(...people: NewMember[]) {
    await t.services.db.insert(members).values(
      people.map((person) => ({
        lastName: "Test",
        email: `${person.firstName.toLowerCase()}@example.org`,
        mobile: "33334444",
        ...person,
      })),
    );
  }
  const deleted = { deletedAt: new Date("2026-01-01T00:00:00Z") };

  it("counts members active of total and those registered this month on the church's clock", async () => {
    const today = "2026-12-15";
    await addMembers(
      // 00:30 on 1 December in Bahrain is still 30 November in UTC: it is December's.
      { firstName: "Dawn", createdAt: new Date("2026-11-30T21:30:00Z") },
      // 23:59 on 30 November in Bahrain: November's.
      { firstName: "Late", createdAt: new Date("2026-11-30T20:59:00Z"), membershipStatus: "left" },
      { firstName: "Mid", createdAt: new Date("2026-12-14T09:00:00Z"), membershipStatus: "inactive" },
      // 00:10 on 1 January in Bahrain: next month's, not this one's.
      { firstName: "Next", createdAt: new Date("2026-12-31T21:10:00Z") },
      { firstName: "Gone", createdAt: new Date("2026-12-10T09:00:00Z"), ...deleted },
      { firstName: "GoneToo", membershipStatus: "active", ...deleted },
    );
    await t.services.db
      .insert(visitors)
      .values({ name: "V", mobile: "1", email: "v@example.org", message: "Hi" });
    const stats = await dashboardStats(today);
    expect(stats).toMatchObject({
      totalMembers: 4,
      activeMembers: 2,
      newThisMonth: 2,
      activeMinistries: 16,
      newVisitors: 1,
    });
  });

  it("counts and names the birthdays and anniversaries of the next 7 days, soonest first", async () => {
    const today = "2026-12-28";
    await addMembers(
      { firstName: "Today", birthday: "1990-12-28" },
      { firstName: "NewYear", birthday: "1985-01-02", weddingAnniversary: "2010-01-04" },
      { firstName: "Week", birthday: "2000-01-04", createdAt: new Date("2026-01-01T00:00:00Z") },
      { firstName: "Also", birthday: "2001-01-04", createdAt: new Date("2026-02-01T00:00:00Z") },
      { firstName: "Eight", birthday: "1990-01-05", weddingAnniversary: "2015-01-05" },
      { firstName: "Wed", middleName: "May", weddingAnniversary: "2012-12-29" },
      { firstName: "Gone", birthday: "1990-12-29", weddingAnniversary: "2012-12-29", ...deleted },
    );
    const stats = await dashboardStats(today);
    expect(stats.upcomingBirthdays).toBe(4);
    expect(stats.nextBirthdays).toEqual([
      { id: expect.any(String), name: "Today Test", date: "2026-12-28" },
      { id: expect.any(String), name: "NewYear Test", date: "2027-01-02" },
      { id: expect.any(String), name: "Week Test", date: "2027-01-04" },
    ]);
    expect(stats.upcomingAnniversaries).toBe(2);
    expect(stats.nextAnniversaries.map((a) => [a.name, a.date])).toEqual([
      ["Wed May Test", "2026-12-29"],
      ["NewYear Test", "2027-01-04"],
    ]);
  });

  it("counts members by status, every status the form offers included, deleted members left out", async () => {
    await addMembers(
      { firstName: "A" },
      { firstName: "B" },
      { firstName: "C", membershipStatus: "left" },
      { firstName: "D", membershipStatus: "Visiting" },
      { firstName: "E", membershipStatus: "left", ...deleted },
      { firstName: "F", membershipStatus: "transferred", ...deleted },
    );
    expect(await membersByStatus()).toEqual([
      { status: "active", label: "Active", count: 2 },
      { status: "inactive", label: "Inactive", count: 0 },
      { status: "left", label: "Left", count: 1 },
      { status: "transferred", label: "Transferred", count: 0 },
      { status: "Visiting", label: "Visiting", count: 1 },
    ]);
  });

  it("counts members by ministry without the deleted ones", async () => {
    await addMembers(
      { firstName: "A", ministryInvolvement: ["tee", "amplify"] },
      { firstName: "B", ministryInvolvement: ["tee"] },
      { firstName: "C", ministryInvolvement: ["tee"], ...deleted },
    );
    const breakdown = await ministryBreakdown();
    expect(breakdown).toHaveLength(16);
    expect(breakdown.find((row) => row.slug === "tee")!.count).toBe(2);
    expect(breakdown.find((row) => row.slug === "amplify")!.count).toBe(1);
  });

  it("counts new members per month for 12 months on the church's clock, empty months as 0", async () => {
    const today = "2026-12-15";
    await addMembers(
      // 31 December 2025 at 23:00 in Bahrain: before the window (which starts with January 2026).
      { firstName: "Before", createdAt: new Date("2025-12-31T20:00:00Z") },
      // 1 January 2026 at 00:30 in Bahrain (still 2025 in UTC): the first month's.
      { firstName: "First", createdAt: new Date("2025-12-31T21:30:00Z") },
      { firstName: "March", createdAt: new Date("2026-03-10T09:00:00Z") },
      { firstName: "March2", createdAt: new Date("2026-03-31T20:59:00Z") },
      // 1 April at 00:00 in Bahrain.
      { firstName: "April", createdAt: new Date("2026-03-31T21:00:00Z") },
      { firstName: "Now", createdAt: new Date("2026-12-15T08:00:00Z") },
      { firstName: "Gone", createdAt: new Date("2026-12-01T08:00:00Z"), ...deleted },
      // 1 January 2027 in Bahrain: after the window.
      { firstName: "After", createdAt: new Date("2026-12-31T21:00:00Z") },
    );
    const series = await newMembersPerMonth(today);
    expect(series).toEqual([
      { month: "2026-01", count: 1 },
      { month: "2026-02", count: 0 },
      { month: "2026-03", count: 2 },
      { month: "2026-04", count: 1 },
      { month: "2026-05", count: 0 },
      { month: "2026-06", count: 0 },
      { month: "2026-07", count: 0 },
      { month: "2026-08", count: 0 },
      { month: "2026-09", count: 0 },
      { month: "2026-10", count: 0 },
      { month: "2026-11", count: 0 },
      { month: "2026-12", count: 1 },
    ]);
    // The window crosses a year when today is early in one.
    expect((await newMembersPerMonth("2027-02-01", 3)).map((m) => m.month)).toEqual([
      "2026-12",
      "2027-01",
      "2027-02",
    ]);
  });

  it("lists the next events, soonest first, with how many registered for each", async () => {
    const today = "2026-12-15";
    const event = (title: string, eventDate: string, eventTime = "18:00") => ({
      title,
      eventDate,
      eventTime,
      locationName: "Hall",
      googleMapsUrl: "https://www.google.com/maps",
    });
    const [past, later, first, second, fourth] = await t.services.db
      .insert(events)
      .values([
        event("Past", "2026-12-14"),
        event("Later", "2026-12-20", "19:00"),
        event("First", "2026-12-15"),
        event("Second", "2026-12-20", "09:00"),
        event("Fourth", "2027-01-05"),
      ])
      .returning();
    const registration = (eventId: string, eventTitle: string, name: string) => ({
      eventId,
      eventTitle,
      name,
      email: `${name}@example.org`,
      mobile: "1",
    });
    await t.services.db
      .insert(eventRegistrations)
      .values([
        registration(past!.id, "Past", "p"),
        registration(later!.id, "Later", "a"),
        registration(later!.id, "Later", "b"),
        registration(first!.id, "First", "c"),
        registration(fourth!.id, "Fourth", "d"),
      ]);
    const upcoming = await upcomingEventsWithRegistrations(today);
    expect(upcoming.total).toBe(4);
    expect(upcoming.events.map((e) => [e.title, e.eventDate, e.registrations])).toEqual([
      ["First", "2026-12-15", 1],
      ["Second", "2026-12-20", 0],
      ["Later", "2026-12-20", 2],
    ]);
    expect(upcoming.events[1]!.id).toBe(second!.id);
  });

  it("gives the dashboard's figures to the registry's keepers, and only the events to an editor", async () => {
    const today = todayInChurchZone();
    await addMembers({ firstName: "Soon", birthday: `1990-${addDays(today, 2).slice(5)}` });
    await t.services.db.insert(events).values({
      title: "Prayer Night",
      eventDate: addDays(today, 3),
      eventTime: "19:30",
      locationName: "Hall",
      googleMapsUrl: "https://www.google.com/maps",
    });
    type Dashboard = {
      stats: { totalMembers: number; nextBirthdays: { name: string }[] } | null;
      events: { total: number } | null;
      unreadMessages: number | null;
      backup: { state: string } | null;
      registrationForm: { url: string; qrSvg: string } | null;
    };
    const dashboardFor = async (cookie: string) =>
      (await callRoute(dashboardLoader, new Request("http://localhost/members", { headers: { cookie } })))
        .data as Dashboard;

    const admin = await dashboardFor(await signInCookie());
    expect(admin.stats).toMatchObject({ totalMembers: 1, nextBirthdays: [{ name: "Soon Test" }] });
    expect(admin.events).toMatchObject({ total: 1 });
    expect(admin.unreadMessages).toBe(0);
    // The daily backup's state is the administrators' to see (none is taken in these tests).
    expect(admin.backup).toMatchObject({ state: "none" });
    // Those who register members get the registration form's address and its QR code to print.
    expect(admin.registrationForm).toEqual({
      url: "http://localhost/members/forms",
      qrSvg: expect.stringMatching(/^<svg[\s\S]*<\/svg>\s*$/) as unknown,
    });

    const editor = await dashboardFor(await signInCookie("editor@test.local", "editor password 1"));
    expect(editor.stats).toBeNull();
    expect(editor.unreadMessages).toBeNull();
    expect(editor.backup).toBeNull();
    expect(editor.registrationForm).toBeNull();
    expect(editor.events).toMatchObject({ total: 1 });
  });

  it("gives the reports screen the three chart series", async () => {
    await addMembers(
      { firstName: "A", ministryInvolvement: ["tee"] },
      { firstName: "B", membershipStatus: "left", ...deleted },
    );
    const result = await callRoute(
      reportsLoader,
      new Request("http://localhost/members/reports", { headers: { cookie: await signInCookie() } }),
    );
    const data = result.data as {
      statuses: { status: string; count: number }[];
      breakdown: { slug: string; count: number }[];
      newMembers: { month: string; count: number }[];
    };
    expect(data.statuses.map((s) => [s.status, s.count])).toEqual([
      ["active", 1],
      ["inactive", 0],
      ["left", 0],
      ["transferred", 0],
    ]);
    expect(data.breakdown.find((row) => row.slug === "tee")!.count).toBe(1);
    expect(data.newMembers).toHaveLength(12);
    expect(data.newMembers.at(-1)).toEqual({ month: todayInChurchZone().slice(0, 7), count: 1 });
  });
});
