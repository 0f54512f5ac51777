import { sql } from "drizzle-orm";
import { addDays, todayInChurchZone } from "~/lib/dates";
import { services } from "../platform/services.server";

// PLACEHOLDER until the groups helper's version lands (same signature; theirs wins at the merge).
// A group's attendance rate over the last 30, 60 and 90 days: of the members expected at the
// meetings taken in that time (in the group by the meeting's day), the share present; null without
// a meeting.

export interface GroupAttendanceRate {
  groupId: string;
  name: string;
  kind: string;
  meetings: { d30: number; d60: number; d90: number };
  rate: { d30: number | null; d60: number | null; d90: number | null };
}

export async function groupAttendanceRates(now: Date = new Date()): Promise<GroupAttendanceRate[]> {
  const today = todayInChurchZone(now);
  const since = (days: number) => addDays(today, -days + 1);
  const rows = (await services().db.execute(sql`
    with mt as (
      select id, group_id, meeting_date from group_meetings
      where meeting_date >= ${since(90)}::date and meeting_date <= ${today}::date
    ),
    pairs as (
      select mt.group_id, mt.meeting_date, (ga.member_id is not null) as present
      from mt
      join group_members gm on gm.group_id = mt.group_id and gm.joined_on <= mt.meeting_date
      left join group_attendance ga on ga.meeting_id = mt.id and ga.member_id = gm.member_id
    ),
    meetings as (
      select group_id,
        count(*) filter (where meeting_date >= ${since(30)}::date)::int as m30,
        count(*) filter (where meeting_date >= ${since(60)}::date)::int as m60,
        count(*)::int as m90
      from mt group by group_id
    ),
    rates as (
      select group_id,
        count(*) filter (where meeting_date >= ${since(30)}::date)::int as e30,
        count(*) filter (where present and meeting_date >= ${since(30)}::date)::int as p30,
        count(*) filter (where meeting_date >= ${since(60)}::date)::int as e60,
        count(*) filter (where present and meeting_date >= ${since(60)}::date)::int as p60,
        count(*)::int as e90,
        count(*) filter (where present)::int as p90
      from pairs group by group_id
    )
    select g.id, g.name, g.kind,
      coalesce(m.m30, 0) as m30, coalesce(m.m60, 0) as m60, coalesce(m.m90, 0) as m90,
      coalesce(r.e30, 0) as e30, coalesce(r.p30, 0) as p30, coalesce(r.e60, 0) as e60,
      coalesce(r.p60, 0) as p60, coalesce(r.e90, 0) as e90, coalesce(r.p90, 0) as p90
    from groups g
    left join meetings m on m.group_id = g.id
    left join rates r on r.group_id = g.id
    order by lower(g.name)
  `)) as unknown as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
  const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
  const rate = (present: unknown, expected: unknown) =>
    Number(expected) > 0 ? Number(present) / Number(expected) : null;
  return list.map((row) => ({
    groupId: String(row.id),
    name: String(row.name),
    kind: String(row.kind),
    meetings: { d30: Number(row.m30), d60: Number(row.m60), d90: Number(row.m90) },
    rate: { d30: rate(row.p30, row.e30), d60: rate(row.p60, row.e60), d90: rate(row.p90, row.e90) },
  }));
}
