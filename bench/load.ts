// Load tests: autocannon at a fixed number of connections, after a short warm-up.
import autocannon from "autocannon";
import { request, round } from "./http";

export interface LoadResult {
  path: string;
  /** Average completed requests per second. */
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; average: number };
  requests: number;
  /** Average response size, bytes (as sent: the load tests ask for no compression). */
  bytesPerResponse: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  seconds: number;
}

export async function loadTest(
  baseUrl: string,
  path: string,
  options: { connections: number; seconds: number; warmupSeconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const url = baseUrl + path;
  const common = { url, connections: options.connections, headers: options.headers, timeout: 30 };
  if (options.warmupSeconds > 0) {
    await autocannon({ ...common, duration: options.warmupSeconds });
    await waitUntilIdle(baseUrl);
  }
  const result = await autocannon({ ...common, duration: options.seconds });
  await waitUntilIdle(baseUrl);
  const completed = result.latency.totalCount;
  return {
    path,
    requestsPerSecond: round(result.requests.average, 1),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      average: round(result.latency.average, 2),
    },
    requests: completed,
    bytesPerResponse: completed > 0 ? Math.round(result.throughput.total / completed) : 0,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    seconds: result.duration,
  };
}

/**
 * When autocannon stops, the server still works through the requests it had accepted (up to one
 * per connection). Wait until it answers a trivial request at once again, so that backlog is not
 * charged to the next measurement.
 */
export async function waitUntilIdle(baseUrl: string, timeoutMs = 120_000) {
  const started = Date.now();
  let quickInARow = 0;
  while (quickInARow < 3) {
    if (Date.now() - started > timeoutMs) throw new Error("The server stayed busy after a load test.");
    const response = await request(`${baseUrl}/healthz`);
    quickInARow = response.ms < 15 ? quickInARow + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
