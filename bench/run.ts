// npm run bench: the production build on a throw-away DATA_DIR with a large church's data, then
// load, staff-page, export, page-weight and Lighthouse measurements, then the uploads (a 25 MB
// document to the local folder and to S3, ten phone photos at once), and last an announcement to
// 5,000 people sent to an SMTP server in this process, checked against our goals.
// Progress goes to stderr; the JSON report and the summary table go to stdout (and the JSON to
// bench/results.json). Here: the command line and the output; the steps, in order, are in ./steps
// (uploads in ./upload-steps), the goals in ./goals, the report in ./report, the table in ./summary.
import { parseArgs } from "node:util";
import { writeResults } from "./report";
import { log } from "./settings";
import { runBench } from "./steps";
import { isStopping, stopOnSignals } from "./stops";
import { summary } from "./summary";

const USAGE = `Usage: npm run bench [-- options]
  --quick          short load tests, fewer samples, no Lighthouse (for iterating)
  --no-lighthouse  skip the Lighthouse runs
  --gzip           load tests ask for gzip (Accept-Encoding: gzip) like a browser
Environment: BENCH_PORT (default 4100), CHROMIUM_PATH (default /usr/bin/chromium).`;

async function main() {
  const { values } = parseArgs({
    options: {
      quick: { type: "boolean", default: false },
      "no-lighthouse": { type: "boolean", default: false },
      gzip: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const port = Number(process.env.BENCH_PORT ?? 4100);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`BENCH_PORT must be a port number.`);

  stopOnSignals();

  const results = await runBench({
    quick: values.quick,
    lighthouse: !values.quick && !values["no-lighthouse"],
    gzip: values.gzip,
    port,
  });
  const savedTo = writeResults(results);
  console.log(`\n${summary(results)}\n\nSaved ${savedTo} (took ${results.durationSeconds} s).`);
}

main().catch((error: unknown) => {
  if (isStopping()) return; // interrupted: the signal handler reports and exits
  log(`\nBench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
