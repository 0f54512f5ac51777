import { purgeExpiredMembers } from "../people/deleted-members.server";
import { purgeOldFormTokens } from "./form-tokens.server";

/**
 * The site's periodic clean-up, run by every server's worker once a minute (each step is safe to
 * run on several servers at once): members deleted more than 30 days ago are removed for good,
 * and one-time form tokens older than a week are forgotten. A failing step does not stop the next.
 */
export async function runHousekeeping(now: Date = new Date()): Promise<void> {
  const steps: [string, () => Promise<number>][] = [
    ["removing members deleted 30 days ago", () => purgeExpiredMembers(now)],
    ["forgetting old form tokens", () => purgeOldFormTokens(now)],
  ];
  for (const [what, step] of steps) {
    try {
      await step();
    } catch (error) {
      console.error(`Housekeeping failed ${what}:`, error);
    }
  }
}
