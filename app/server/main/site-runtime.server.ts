import { setDatabaseReplacer } from "../platform/maintenance.server";
import { pageCache } from "../platform/page-cache.server";
import { siteContentChanged } from "../site/site-content.server";
import type { RunningServices } from "./boot.server";
import { startOutboxWorker } from "./jobs.server";
import { loggableError } from "../platform/db-errors.server";

/**
 * What runs beside the requests: the worker, and the hook a restore uses to replace the database
 * (platform/maintenance.server.ts). The worker stops while the database is swapped, and starts
 * again on whichever database is there afterwards (the restored one, or the old one put back).
 */
export function startSiteRuntime(
  running: RunningServices,
  workerIntervalMs?: number,
): { stop(): Promise<void> } {
  let worker = startOutboxWorker(workerIntervalMs);
  let stopped = false;
  setDatabaseReplacer(async (replacement) => {
    if (stopped) throw new Error("The server is stopping.");
    await worker.stop();
    try {
      await running.replaceDatabase(replacement);
    } finally {
      // The website's texts and every cached page may be from before.
      siteContentChanged();
      await pageCache()
        .invalidate()
        .catch((error: unknown) =>
          console.error("Emptying the page cache after a restore failed:", loggableError(error)),
        );
      if (!stopped) worker = startOutboxWorker(workerIntervalMs);
    }
  });
  return {
    async stop() {
      stopped = true;
      setDatabaseReplacer(undefined);
      await worker.stop();
    },
  };
}
