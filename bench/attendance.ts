// Attendance at a large church's scale (issue 37): three years of weekly headcounts (the Friday
// Worship Service and the Thursday Bible Study), 40 groups of 50 members (2,000 members), each
// group meeting weekly for those three years with about 70% present. Seeded by SQL inside the
// database in a few statements; then the attendance trends page (its longest range, 3 years, and
// the default 12 weeks) is timed signed in as the bench admin. Goal: the 3-year page under 300 ms
// p95 on the embedded database.
import type { CookieJar } from "./http";
import type { BenchServer } from "./server";
import { measurePage, type TimingSummary } from "./staff";

export const ATTENDANCE_SCALE = { weeks: 156, groups: 40, perGroup: 50 };
const TRENDS_P95_GOAL_MS = 300;
export const TRENDS_PATH = "/members/reports/attendance";

export interface AttendanceBenchResult {
  seeded: { headcounts: number; groups: number; groupMembers: number; meetings: number; present: number };
  seedSeconds: number;
  trends3y: TimingSummary;
  trends12w: TimingSummary;
}

type RunSql = BenchServer["sql"];

/** The last `weeks` days of `isodow` (5 Friday, 4 Thursday) up to today (church time). */
const PAST_DAYS = (weeks: number, isodow: number) =>
  `SELECT (d - ((extract(isodow FROM d)::int - ${isodow} + 7) % 7) - 7 * w)::date AS day, w
     FROM (SELECT (now() AT TIME ZONE 'Asia/Bahrain')::date AS d) today, generate_series(0, ${weeks - 1}) w`;

export async function seedAttendance(
  sql: RunSql,
): Promise<AttendanceBenchResult["seeded"] & { seconds: number }> {
  const started = Date.now();
  const { weeks, groups, perGroup } = ATTENDANCE_SCALE;
  // Headcounts: a slow growth with a wobble; online and first-time visitors alongside.
  await sql(
    `INSERT INTO headcounts (service_date, service_name, adults, children, online, first_time, recorded_by)
       SELECT day, 'Worship Service', 220 - w / 2 + get_byte(decode(md5('a' || w), 'hex'), 0) % 30,
              40 + get_byte(decode(md5('c' || w), 'hex'), 0) % 15, 60 + get_byte(decode(md5('o' || w), 'hex'), 0) % 40,
              get_byte(decode(md5('f' || w), 'hex'), 0) % 6, 'bench'
         FROM (${PAST_DAYS(weeks, 5)}) f
       ON CONFLICT DO NOTHING`,
  );
  await sql(
    `INSERT INTO headcounts (service_date, service_name, adults, children, online, first_time, recorded_by)
       SELECT day, 'Bible Study', 40 + get_byte(decode(md5('b' || w), 'hex'), 0) % 20, 0, 10, get_byte(decode(md5('g' || w), 'hex'), 0) % 2, 'bench'
         FROM (${PAST_DAYS(weeks, 4)}) f
       ON CONFLICT DO NOTHING`,
  );
  await sql(
    `INSERT INTO groups (name, kind, meeting_day, meeting_time, area, is_open)
       SELECT 'Bench group ' || lpad(g::text, 2, '0'), (ARRAY['bible-study', 'salt'])[1 + g % 2], g % 7, '19:30', 'Riffa', true
         FROM generate_series(1, ${groups}) g
       ON CONFLICT DO NOTHING`,
  );
  // 2,000 members, 50 to a group, each in it since before the first meeting.
  await sql(
    `WITH numbered AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM members WHERE deleted_at IS NULL),
          bench AS (SELECT id, row_number() OVER (ORDER BY name) - 1 AS k FROM groups WHERE name LIKE 'Bench group %')
     INSERT INTO group_members (group_id, member_id, is_leader, joined_on)
       SELECT b.id, m.id, m.n % ${perGroup} = 0, (now() - interval '4 years')::date
         FROM numbered m JOIN bench b ON b.k = m.n / ${perGroup}
        WHERE m.n < ${groups * perGroup}
       ON CONFLICT DO NOTHING`,
  );
  await sql(
    `INSERT INTO group_meetings (group_id, meeting_date, recorded_by)
       SELECT g.id, f.day - (g.meeting_day), 'bench'
         FROM groups g, (${PAST_DAYS(weeks, 5)}) f
        WHERE g.name LIKE 'Bench group %'
       ON CONFLICT DO NOTHING`,
  );
  // About 70% of each group at each meeting: a byte of md5(meeting, member) decides.
  await sql(
    `INSERT INTO group_attendance (meeting_id, member_id)
       SELECT mt.id, gm.member_id
         FROM group_meetings mt JOIN group_members gm ON gm.group_id = mt.group_id
         JOIN groups g ON g.id = mt.group_id AND g.name LIKE 'Bench group %'
        WHERE get_byte(decode(md5(mt.id::text || gm.member_id::text), 'hex'), 0) < 180
       ON CONFLICT DO NOTHING`,
  );
  const [counts] = await sql<AttendanceBenchResult["seeded"]>(
    `SELECT (SELECT count(*)::int FROM headcounts) AS headcounts, (SELECT count(*)::int FROM groups) AS groups,
            (SELECT count(*)::int FROM group_members) AS "groupMembers",
            (SELECT count(*)::int FROM group_meetings) AS meetings,
            (SELECT count(*)::int FROM group_attendance) AS present`,
  );
  return { ...counts!, seconds: (Date.now() - started) / 1000 };
}

/** Times the trends page at 3 years and at 12 weeks, `runs` times each, after one warm-up. */
export async function measureAttendance(
  baseUrl: string,
  jar: CookieJar,
  sql: RunSql,
  runs: number,
): Promise<AttendanceBenchResult> {
  const seeded = await seedAttendance(sql);
  const longest = `${TRENDS_PATH}?range=3y`;
  await measurePage(baseUrl, jar, longest, 1);
  const trends3y = await measurePage(baseUrl, jar, longest, runs);
  const trends12w = await measurePage(baseUrl, jar, `${TRENDS_PATH}?range=12w`, runs);
  const { seconds, ...counts } = seeded;
  return { seeded: counts, seedSeconds: Math.round(seconds * 10) / 10, trends3y, trends12w };
}

export function attendanceGoals(result: AttendanceBenchResult) {
  const { weeks, groups, perGroup } = ATTENDANCE_SCALE;
  return [
    {
      goal: `Attendance trends, 3 years of weekly data, ${groups} groups, ${groups * perGroup} members p95`,
      value: result.trends3y.p95Ms,
      target: `< ${TRENDS_P95_GOAL_MS}`,
      unit: "ms",
      pass:
        result.trends3y.p95Ms < TRENDS_P95_GOAL_MS &&
        result.seeded.meetings >= groups * weeks &&
        result.seeded.groupMembers >= groups * perGroup,
    },
  ];
}

export function attendanceSummary(result: AttendanceBenchResult): string {
  const { headcounts, groups, groupMembers, meetings, present } = result.seeded;
  return (
    `Attendance: ${headcounts} headcounts, ${groups} groups, ${groupMembers} group members, ${meetings} meetings, ` +
    `${present} present seeded in ${result.seedSeconds} s; trends 3 years p50 ${result.trends3y.p50Ms} ms, ` +
    `p95 ${result.trends3y.p95Ms} ms (${Math.round(result.trends3y.bytes / 1024)} kB); ` +
    `12 weeks p50 ${result.trends12w.p50Ms} ms, p95 ${result.trends12w.p95Ms} ms`
  );
}
