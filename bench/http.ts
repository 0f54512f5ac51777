// Small HTTP client for the sequential measurements: raw bytes on the wire, full-body timing,
// and a cookie jar for the signed-in staff pages.
import http from "node:http";

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

export interface TimedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Milliseconds from sending the request to the last byte of the body. */
  ms: number;
  /** Body bytes as sent (compressed when the server compressed). */
  bytes: number;
  body: Buffer;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Count the body without keeping it (large CSV exports). */
  discardBody?: boolean;
  onChunk?: (chunk: Buffer) => void;
}

export async function request(url: string, options: RequestOptions = {}): Promise<TimedResponse> {
  try {
    return await requestOnce(url, options);
  } catch (error) {
    // A kept-alive connection the server closed just as we reused it: ask once more on a new one.
    const isStaleSocket = (error as { staleSocket?: boolean }).staleSocket === true;
    if (!isStaleSocket || (options.method ?? "GET") !== "GET") throw error;
    return requestOnce(url, options);
  }
}

function requestOnce(url: string, options: RequestOptions): Promise<TimedResponse> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      url,
      { method: options.method ?? "GET", headers: options.headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          options.onChunk?.(chunk);
          if (!options.discardBody) chunks.push(chunk);
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            ms: performance.now() - started,
            bytes,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(120_000, () => req.destroy(new Error(`Timed out: ${url}`)));
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (req.reusedSocket && error.code === "ECONNRESET") Object.assign(error, { staleSocket: true });
      reject(error);
    });
    req.end(options.body);
  });
}

/** Keeps the cookies a server sets, as a browser would for one site. */
export class CookieJar {
  private cookies = new Map<string, string>();

  store(setCookie: string[] | undefined) {
    for (const line of setCookie ?? []) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** Signs in through the login form, as a person would (one attempt: sign-in is rate-limited). */
export async function signIn(baseUrl: string, email: string, password: string): Promise<CookieJar> {
  const jar = new CookieJar();
  const response = await request(`${baseUrl}/members/login`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: baseUrl,
    },
    body: new URLSearchParams({ username: email, password, redirectTo: "" }).toString(),
  });
  jar.store(response.headers["set-cookie"]);
  if (response.status !== 302 || response.headers.location !== "/members") {
    throw new Error(
      `Signing in failed: ${response.status} ${response.headers.location ?? ""} ${response.body.toString().slice(0, 200)}`,
    );
  }
  const dashboard = await request(`${baseUrl}/members`, { headers: { Cookie: jar.header() } });
  jar.store(dashboard.headers["set-cookie"]);
  if (dashboard.status !== 200)
    throw new Error(`The dashboard answered ${dashboard.status} after signing in.`);
  return jar;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest-rank: the smallest value with at least p% of the samples at or below it.
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
