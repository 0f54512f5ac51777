import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { loader as csvLoader } from "~/routes/members/attendance/trends-csv";
import { loader as trendsLoader } from "~/routes/members/attendance/trends";
import { attendanceGlance, firstTimeVisitors, weeklyAttendance } from "~/server/attendance/trends.server";
import { groupAttendanceRates } from "~/server/groups/attendance-rates.server";
import { pastServiceDates } from "~/server/attendance/headcounts.server";
import { parseCsv } from "../helpers/csv";
import { addPeople } from "../helpers/roster-volunteers-seed";
import {
  callRoute,
  databaseKinds,
  signInCookie,
  startTestServices,
  type TestServices,
} from "../helpers/test-services";

// The attendance trends (issue 37) on a hand-made data set whose figures are worked out by hand
// in the comments: weekly attendance with its moving averages and last year, first-time visitors
// and who came back within 8 weeks (by check-in, by e-mail in any case), group attendance rates
// over 30/60/90 days; then the page's tables and their CSV files agree.

const TODAY = "2026-11-27"; // a Friday: the main service (Worship Service) meets on Fridays

describe.each(databaseKinds)("attendance trends on %s", (kind) => {
  let t: TestServices;
  let cookie: string;
  const q = <Row = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.services.database.query<Row>(text, params);

  const count = (
    date: string,
    name: string | null,
    adults: number,
    children = 0,
    online = 0,
    firstTime = 0,
  ) =>
    q(
      `insert into headcounts (service_date, service_name, adults, children, online, first_time, recorded_by)
       values ($1, $2, $3, $4, $5, $6, 'test')`,
      [date, name, adults, children, online, firstTime],
    );
  const checkIn = (email: string, at: string, status = "confirmed") =>
    q(
      `insert into event_registrations (event_title, name, email, mobile, status, checked_in_at)
       values ('Event', 'Someone', $1, '+973 3000 0000', $2, $3)`,
      [email, status, at],
    );

  beforeAll(async () => {
    t = await startTestServices(kind);
    cookie = await signInCookie();
  });
  afterAll(async () => {
    await t.stop();
  });
  beforeEach(async () => {
    for (const table of [
      "headcounts",
      "event_registrations",
      "group_attendance",
      "group_meetings",
      "group_members",
      "groups",
      "members",
    ]) {
      await q(`delete from ${table}`);
    }
  });

  it("weekly attendance: in person, online apart, 4- and 12-week averages of the counted weeks, and 52 weeks earlier", async () => {
    await count("2026-11-27", "Worship Service", 100, 20, 30, 3); // 120
    await count("2026-11-20", "Worship Service", 90, 10, 25); // 100
    // 2026-11-13: not counted
    await count("2026-11-06", "Worship Service", 80, 0); // 80
    await count("2026-10-30", "Worship Service", 60, 10); // 70
    await count("2026-10-23", "Worship Service", 50, 0); // 50
    await count("2026-08-28", "Worship Service", 40, 0); // 40: 13 weeks before, outside the 12-week average of 11-27
    await count("2025-11-28", "Worship Service", 70, 5); // 75: 52 weeks before 2026-11-27
    await count("2026-11-26", "Bible Study", 500, 0, 0, 1); // another service: not in weekly attendance

    const { main, weeks } = await weeklyAttendance("12w", TODAY);
    expect(main).toBe("Worship Service");
    expect(weeks).toHaveLength(12);
    expect(weeks[0]!.week).toBe("2026-09-11");
    const last = weeks.at(-1)!;
    // 4 weeks to 11-27: 120, 100, (none), 80 -> 300 / 3 = 100. 12 weeks: 120+100+80+70+50 = 420 / 5 = 84.
    expect(last).toEqual({
      week: "2026-11-27",
      inPerson: 120,
      online: 30,
      avg4: 100,
      avg12: 84,
      lastYear: 75,
    });
    // 4 weeks to 11-20: 100, (none), 80, 70 -> 250 / 3 = 83.3.
    expect(weeks.at(-2)).toMatchObject({ week: "2026-11-20", inPerson: 100, avg4: 83.3, lastYear: null });
    expect(weeks.at(-3)).toMatchObject({ week: "2026-11-13", inPerson: null, online: null, avg4: 66.7 }); // 80, 70, 50
    // 4 weeks to 09-11: only 08-28 counted (09-11, 09-04, 08-28, 08-21) -> 40.
    expect(weeks[0]).toMatchObject({ inPerson: null, avg4: 40, avg12: 40 });
    expect((await weeklyAttendance("3y", TODAY)).weeks).toHaveLength(156);
  });

  it("the dashboard shows today's service once counted, and until then the one before", async () => {
    await count("2026-11-20", "Worship Service", 90, 10); // 100
    await count("2026-11-13", "Worship Service", 80, 0); // 80
    // Friday 27 November, not counted yet (the service may not have begun): the 20th's figures.
    expect(await attendanceGlance(TODAY)).toEqual({
      main: "Worship Service",
      week: "2026-11-20",
      inPerson: 100,
      avg4: 90,
    });
    await count("2026-11-27", "Worship Service", 110, 0);
    expect(await attendanceGlance(TODAY)).toMatchObject({ week: "2026-11-27", inPerson: 110 });
  });

  it("first-time visitors per week, first check-ins and who came back within 8 weeks on a later day", async () => {
    await count("2026-11-27", "Worship Service", 100, 0, 0, 3);
    await count("2026-11-26", "Bible Study", 10, 0, 0, 1);
    await q(`insert into events (id, title, event_date, event_time, location_name, google_maps_url)
             values ('00000000-0000-4000-8000-000000000001', 'Night', '2026-11-24', '18:00', 'Hall', 'https://m.example')`);
    await q(`insert into headcounts (service_date, event_id, adults, first_time, recorded_by)
             values ('2026-11-24', '00000000-0000-4000-8000-000000000001', 40, 2, 'test')`);
    // Week of 2026-11-06: a (came back on 11-20, in capitals) and b (again only the same day).
    await checkIn("a@example.org", "2026-11-03T18:00:00+03:00");
    await checkIn("A@Example.org", "2026-11-20T18:00:00+03:00");
    await checkIn("b@example.org", "2026-11-04T18:00:00+03:00");
    await checkIn("b@example.org", "2026-11-04T20:00:00+03:00");
    // c came first in August: not a newcomer in November.
    await checkIn("c@example.org", "2026-08-01T18:00:00+03:00");
    await checkIn("c@example.org", "2026-11-05T18:00:00+03:00");
    // Week of 2026-10-02: d (again after 57 days: too late), e (again only cancelled), f (again on day 56).
    await checkIn("d@example.org", "2026-10-01T18:00:00+03:00");
    await checkIn("d@example.org", "2026-11-27T10:00:00+03:00");
    await checkIn("e@example.org", "2026-10-02T18:00:00+03:00");
    await checkIn("e@example.org", "2026-10-10T18:00:00+03:00", "cancelled");
    await checkIn("f@example.org", "2026-10-01T18:00:00+03:00");
    await checkIn("f@example.org", "2026-11-26T18:00:00+03:00");

    const weeks = await firstTimeVisitors("12w", TODAY);
    const week = (date: string) => weeks.find((w) => w.week === date);
    expect(week("2026-11-27")).toEqual({ week: "2026-11-27", firstTime: 6, newcomers: 0, cameBack: 0 });
    expect(week("2026-11-06")).toEqual({ week: "2026-11-06", firstTime: null, newcomers: 2, cameBack: 1 });
    expect(week("2026-10-02")).toEqual({ week: "2026-10-02", firstTime: null, newcomers: 3, cameBack: 1 });
    expect(weeks.reduce((sum, w) => sum + w.newcomers, 0)).toBe(5);
  });

  it("group attendance rates over 30, 60 and 90 days count only members in the group by the meeting's day", async () => {
    const people = await addPeople(t.services.db, ["Ana", "Ben", "Cal", "Dee"]);
    const [a] = await q<{ id: string }>(
      `insert into groups (name, kind) values ('Group 1', 'bible-study') returning id`,
    );
    await q(`insert into groups (name, kind) values ('Riffa', 'salt')`);
    for (const name of ["Ana", "Ben", "Cal"]) {
      await q(`insert into group_members (group_id, member_id, joined_on) values ($1, $2, '2026-01-01')`, [
        a!.id,
        people[name]!.id,
      ]);
    }
    await q(`insert into group_members (group_id, member_id, joined_on) values ($1, $2, '2026-11-20')`, [
      a!.id,
      people.Dee!.id,
    ]);
    const meeting = async (date: string, present: string[]) => {
      const [m] = await q<{ id: string }>(
        `insert into group_meetings (group_id, meeting_date, recorded_by) values ($1, $2, 'test') returning id`,
        [a!.id, date],
      );
      for (const name of present) {
        await q(`insert into group_attendance (meeting_id, member_id) values ($1, $2)`, [
          m!.id,
          people[name]!.id,
        ]);
      }
    };
    await meeting("2026-11-25", ["Ana", "Dee"]); // 4 expected, 2 came
    await meeting("2026-11-18", ["Ana", "Ben", "Cal"]); // 3 expected (Dee not yet in), 3 came
    await meeting("2026-10-14", ["Cal"]); // 3 expected, 1 came
    await meeting("2026-08-30", ["Ana", "Ben", "Cal"]); // 89 days ago: in the 90 days
    await meeting("2026-08-28", ["Ana"]); // 91 days ago: outside
    await meeting("2026-12-04", ["Ana"]); // still to come: not counted

    const rates = await groupAttendanceRates(new Date("2026-11-27T12:00:00+03:00"));
    expect(rates.map((r) => r.name)).toEqual(["Group 1", "Riffa"]);
    const [one, riffa] = rates;
    expect(one!.meetings).toEqual({ d30: 2, d60: 3, d90: 4 });
    expect(one!.rate.d30).toBeCloseTo(5 / 7); // (2 + 3) / (4 + 3)
    expect(one!.rate.d60).toBeCloseTo(6 / 10);
    expect(one!.rate.d90).toBeCloseTo(9 / 13);
    expect(riffa).toMatchObject({
      meetings: { d30: 0, d60: 0, d90: 0 },
      rate: { d30: null, d60: null, d90: null },
    });
  });

  it("each table on the page and its CSV file say the same, and each download is in the audit log", async () => {
    const today = todayInChurchZone();
    const fridays = pastServiceDates(
      { name: "Worship Service", day: "Friday", start: "15:30", end: null },
      today,
      10,
    );
    for (const [i, date] of fridays.entries())
      await count(date, "Worship Service", 100 + i * 7, 10 + i, 20 + i, i % 3);
    await count(addDays(fridays[0]!, -364), "Worship Service", 55, 5);
    const [g] = await q<{ id: string }>(
      `insert into groups (name, kind) values ('Group 2', 'bible-study') returning id`,
    );
    expect(g).toBeDefined();

    const page = await callRoute(
      trendsLoader,
      new Request("http://localhost/members/reports/attendance?range=6m", { headers: { cookie } }),
    );
    expect(page.status).toBe(200);
    const data = page.data as Awaited<ReturnType<typeof trendsLoader>>;
    expect(data.range).toBe("6m");
    expect(data.weeklyTable.rows).toHaveLength(26);
    // The last week: 100 + 10 in person; 4 weeks: 110, 118, 126, 134 -> 122; 10 counted weeks of
    // 110 + 8i -> 146; last year 55 + 5; online 20.
    expect(data.weeklyTable.rows.at(-1)).toEqual([fridays[0], "110", "122", "146", "60", "20"]);
    for (const [name, table] of [
      ["weekly", data.weeklyTable],
      ["first-time", data.firstTimeTable],
      ["groups", data.groupsTable],
    ] as const) {
      const csv = await callRoute(
        csvLoader,
        new Request(`http://localhost/members/reports/attendance/export/${name}?range=6m`, {
          headers: { cookie },
        }),
        { params: { table: name } },
      );
      expect(csv.status).toBe(200);
      const rows = parseCsv(await csv.response!.text());
      expect(rows[0]).toEqual(table.header);
      expect(rows.slice(1)).toEqual(table.rows);
    }
    const audit = await q<{ subject_id: string }>(
      "select subject_id from audit_log where action = 'export.attendance-trends' order by at",
    );
    expect(audit.map((a) => a.subject_id)).toEqual(["weekly", "first-time", "groups"]);
    const unknown = await callRoute(
      csvLoader,
      new Request("http://localhost/members/reports/attendance/export/secrets", { headers: { cookie } }),
      { params: { table: "secrets" } },
    );
    expect(unknown.status).toBe(404);
  });
});
