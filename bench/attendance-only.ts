// Runs only the attendance step of the bench (issue 37) against a fresh server with the bench's
// seed: `npx tsx bench/attendance-only.ts` (BENCH_PORT, default 4100). For iterating on the trends
// page; `npm run bench` runs it with everything else.
import { attendanceGoals, attendanceSummary, measureAttendance } from "./attendance";
import { signIn } from "./http";
import { seedBenchData } from "./seed";
import { ensureBuild, startServer } from "./server";
import { ADMIN, log, ROOT } from "./settings";

const port = Number(process.env.BENCH_PORT ?? 4100);
ensureBuild(ROOT);
const server = await startServer({ root: ROOT, port, admin: ADMIN, log });
try {
  const seed = await seedBenchData((text) => server.sql(text));
  log(`Seeded in ${seed.seconds.toFixed(1)} s`);
  const jar = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
  const result = await measureAttendance(server.baseUrl, jar, server.sql, 30);
  log(attendanceSummary(result));
  for (const goal of attendanceGoals(result))
    log(`${goal.pass ? "PASS" : "FAIL"} ${goal.goal}: ${goal.value} ${goal.unit}`);
} finally {
  await server.stop();
}
