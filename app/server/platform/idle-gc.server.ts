import v8 from "node:v8";
import vm from "node:vm";

/**
 * Gives memory back once the site goes quiet. V8 keeps the heap a busy spell grew (a CSV export,
 * a burst of visitors) long after the garbage in it is dead, and on a small server that is most
 * of the difference between the site at rest and the site after a busy hour. So, after
 * `quietMs` without a request, one full collection runs, and the freed pages go back to the
 * operating system. It runs once per quiet spell, only while nobody is being served, and takes
 * tens of milliseconds. (`gc` is reached the way Jest's --logHeapUsage reaches it.)
 */
export function startIdleCollector(options: { quietMs?: number; checkEveryMs?: number } = {}) {
  const quietMs = options.quietMs ?? 10_000;
  v8.setFlagsFromString("--expose-gc");
  const collect = vm.runInNewContext("gc") as () => void;
  let lastRequestAt = Date.now();
  let busySinceLastCollection = true;
  const timer = setInterval(() => {
    if (!busySinceLastCollection || Date.now() - lastRequestAt < quietMs) return;
    busySinceLastCollection = false;
    collect();
  }, options.checkEveryMs ?? 5_000);
  timer.unref();
  return {
    /** Call on every request. */
    touch() {
      lastRequestAt = Date.now();
      busySinceLastCollection = true;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
