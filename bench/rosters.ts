// Serving rosters at a large church's scale (issue 36): every one of the 16 ministries has a team
// of 60 positions, each position with 8 qualified members and one seat at each of the next 8
// Friday services, every seat filled (in every status), and some members blocked out. Seeded by
// SQL inside the database; then the schedule grid of one team for 8 weeks and the rosters
// overview are timed, signed in as the bench admin. Goal: the grid under 300 ms p95.
import { MINISTRY_SLUGS } from "../app/content/ministries";
import type { CookieJar } from "./http";
import type { BenchServer } from "./server";
import { measurePage, type TimingSummary } from "./staff";

export const ROSTER_SCALE = { ministries: MINISTRY_SLUGS.length, positions: 60, weeks: 8, qualified: 8 };
const GRID_P95_GOAL_MS = 300;

export interface RosterBenchResult {
  seeded: { teams: number; positions: number; services: number; seats: number; blockouts: number };
  seedSeconds: number;
  grid: TimingSummary;
  overview: TimingSummary;
}

type RunSql = BenchServer["sql"];

/** The next `weeks` Fridays from today (church time), as SQL dates. */
const FRIDAYS = (weeks: number) =>
  `SELECT (d + ((5 - extract(isodow FROM d)::int + 7) % 7) + 7 * w)::date AS day
     FROM (SELECT (now() AT TIME ZONE 'Asia/Bahrain')::date AS d) today, generate_series(0, ${weeks - 1}) w`;

export async function seedRosters(sql: RunSql): Promise<RosterBenchResult["seeded"] & { seconds: number }> {
  const started = Date.now();
  const { positions, weeks, qualified } = ROSTER_SCALE;
  const slugs = MINISTRY_SLUGS.map((slug) => `('${slug}')`).join(", ");
  await sql(
    `INSERT INTO roster_teams (ministry_slug, name, max_per_four_weeks)
       SELECT slug, 'Bench team ' || slug, 4 FROM (VALUES ${slugs}) AS m(slug)`,
  );
  await sql(
    `INSERT INTO roster_positions (team_id, name, weekly_need, sort_order)
       SELECT t.id, 'Position ' || lpad(p::text, 2, '0'), 1, p
         FROM roster_teams t, generate_series(1, ${positions}) p WHERE t.name LIKE 'Bench team %'`,
  );
  // Each position's qualified members: a reproducible spread over the registry.
  await sql(
    `WITH numbered AS (SELECT id, row_number() OVER (ORDER BY id) AS n, count(*) OVER () AS total FROM members WHERE deleted_at IS NULL),
          slots AS (SELECT p.id AS position_id, row_number() OVER (ORDER BY p.id) AS pn FROM roster_positions p
                      JOIN roster_teams t ON t.id = p.team_id WHERE t.name LIKE 'Bench team %')
     INSERT INTO roster_qualified (position_id, member_id)
       SELECT s.position_id, m.id FROM slots s, generate_series(0, ${qualified - 1}) q
         JOIN numbered m ON true
        WHERE m.n = 1 + ((s.pn * 7 + q * 131) % m.total)
       ON CONFLICT DO NOTHING`,
  );
  await sql(
    `INSERT INTO roster_services (service_date, start_time, title, service_name)
       SELECT day, '15:30', 'Worship Service', 'Worship Service' FROM (${FRIDAYS(weeks)}) f
       ON CONFLICT DO NOTHING`,
  );
  await sql(
    `INSERT INTO roster_needs (service_id, position_id, count)
       SELECT s.id, p.id, 1 FROM roster_services s, roster_positions p
         JOIN roster_teams t ON t.id = p.team_id
        WHERE t.name LIKE 'Bench team %' AND s.service_name = 'Worship Service' AND s.service_date IN (${FRIDAYS(weeks)})
       ON CONFLICT DO NOTHING`,
  );
  // One seat per need, held by one of the position's qualified members (a different one each week).
  await sql(
    `WITH ranked AS (
       SELECT q.position_id, q.member_id, row_number() OVER (PARTITION BY q.position_id ORDER BY q.member_id) AS k
         FROM roster_qualified q),
     needs AS (
       SELECT n.service_id, n.position_id, row_number() OVER (PARTITION BY n.position_id ORDER BY s.service_date) AS week
         FROM roster_needs n JOIN roster_services s ON s.id = n.service_id)
     INSERT INTO roster_slots (service_id, position_id, seat, member_id, status, requested_at)
       SELECT n.service_id, n.position_id, 1, r.member_id,
              (ARRAY['draft', 'pending', 'accepted', 'accepted', 'declined', 'replacing'])[1 + (n.week % 6)],
              CASE WHEN n.week % 6 = 0 THEN NULL ELSE now() END
         FROM needs n JOIN ranked r ON r.position_id = n.position_id AND r.k = 1 + ((n.week - 1) % ${qualified})
       ON CONFLICT DO NOTHING`,
  );
  await sql(
    `INSERT INTO roster_blockouts (member_id, starts_on, ends_on, reason)
       SELECT member_id, day, day, 'Travelling' FROM (
         SELECT DISTINCT ON (q.member_id) q.member_id, f.day FROM roster_qualified q
           CROSS JOIN LATERAL (SELECT day FROM (${FRIDAYS(weeks)}) x ORDER BY md5(q.member_id::text || x.day::text) LIMIT 1) f
          WHERE md5(q.member_id::text) < '3') picked`,
  );
  const [counts] = await sql<{
    teams: number;
    positions: number;
    services: number;
    seats: number;
    blockouts: number;
  }>(
    `SELECT (SELECT count(*)::int FROM roster_teams) AS teams, (SELECT count(*)::int FROM roster_positions) AS positions,
            (SELECT count(*)::int FROM roster_services) AS services, (SELECT count(*)::int FROM roster_slots) AS seats,
            (SELECT count(*)::int FROM roster_blockouts) AS blockouts`,
  );
  return { ...counts!, seconds: (Date.now() - started) / 1000 };
}

/** Times one team's 8-week grid and the overview, `runs` times each, after one warm-up. */
export async function measureRosters(
  baseUrl: string,
  jar: CookieJar,
  sql: RunSql,
  runs: number,
): Promise<RosterBenchResult> {
  const seeded = await seedRosters(sql);
  const [team] = await sql<{ id: string }>(
    "SELECT id FROM roster_teams WHERE name LIKE 'Bench team %' ORDER BY ministry_slug LIMIT 1",
  );
  if (!team) throw new Error("The roster seed made no team.");
  const gridPath = `/members/rosters/teams/${team.id}/schedule?weeks=${ROSTER_SCALE.weeks}`;
  await measurePage(baseUrl, jar, gridPath, 1);
  const grid = await measurePage(baseUrl, jar, gridPath, runs);
  const overview = await measurePage(baseUrl, jar, "/members/rosters", runs);
  const { seconds, ...counts } = seeded;
  return { seeded: counts, seedSeconds: Math.round(seconds * 10) / 10, grid, overview };
}

export function rosterGoals(result: RosterBenchResult) {
  const { ministries, weeks, positions } = ROSTER_SCALE;
  return [
    {
      goal: `Schedule grid, ${weeks} weeks x ${positions} positions (${ministries} ministries' teams seeded) p95`,
      value: result.grid.p95Ms,
      target: `< ${GRID_P95_GOAL_MS}`,
      unit: "ms",
      pass: result.grid.p95Ms < GRID_P95_GOAL_MS && result.seeded.seats >= ministries * weeks * positions,
    },
  ];
}

export function rosterSummary(result: RosterBenchResult): string {
  const { teams, positions, services, seats, blockouts } = result.seeded;
  return (
    `Rosters: ${teams} teams, ${positions} positions, ${services} services, ${seats} seats, ${blockouts} blockouts seeded in ${result.seedSeconds} s; ` +
    `grid p50 ${result.grid.p50Ms} ms, p95 ${result.grid.p95Ms} ms (${Math.round(result.grid.bytes / 1024)} kB); ` +
    `overview p50 ${result.overview.p50Ms} ms, p95 ${result.overview.p95Ms} ms`
  );
}
