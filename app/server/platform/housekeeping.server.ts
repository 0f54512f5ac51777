import { purgeOldFormTokens } from "./form-tokens.server";
import { loggableError } from "./db-errors.server";

/**
 * The site's periodic clean-up, run by every server's worker once a minute (each step is safe to
 * run on several servers at once): one-time form tokens older than a week are forgotten. A failing
 * step does not stop the next. (Members deleted past their restorable days, and old messages and
 * registrations, are removed by the daily retention job: privacy/retention.server.ts.)
 */
export async function runHousekeeping(now: Date = new Date()): Promise<void> {
  const steps: [string, () => Promise<number>][] = [
    ["forgetting old form tokens", () => purgeOldFormTokens(now)],
  ];
  for (const [what, step] of steps) {
    try {
      await step();
    } catch (error) {
      console.error(`Housekeeping failed ${what}:`, loggableError(error));
    }
  }
}
