// What a Ctrl-C must stop: the servers, the S3 bucket and the mail server running now. Each step
// adds what it starts and deletes it once stopped.
import { log } from "./settings";

export const activeStops = new Set<() => Promise<void>>();
let stopping = false;

/** True once a signal has started stopping everything (the run's own failure is then moot). */
export function isStopping() {
  return stopping;
}

export function stopOnSignals() {
  // Ctrl-C reaches us more than once (the terminal, then tsx passing it on): stop once, and
  // keep listening so a second signal cannot kill us before the data folder is gone.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log(`${signal}: stopping the server...`);
      void Promise.allSettled([...activeStops].map((stop) => stop())).finally(() => process.exit(130));
    });
  }
}
