import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { query, signInCookie, startServer, stopServer, type ServerUnderTest } from "./helpers";

// What the server refuses before any route runs, and what it lets browsers keep (security test
// findings 1, 2, 6 and 11 of the hardening issue), driven against the production build over real
// sockets.

const PORT = 4391;
let server: ServerUnderTest;
let dataDir: string;
let eventPath: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "church-guard-"));
  server = await startServer(
    { DATA_DIR: dataDir, SEED_DEMO: "true", PUBLIC_URL: `http://127.0.0.1:${PORT}` },
    PORT,
  );
  const [event] = await query<{ id: string }>(dataDir, undefined, "select id from events limit 1");
  eventPath = `/events/${event!.id}`;
});

afterAll(async () => {
  if (server) await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The server's resident memory, MB. */
function serverRss(): number {
  const status = fs.readFileSync(`/proc/${server.process.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

interface Answer {
  status: number;
  body: string;
  /** From the first byte sent to the answer's headers. */
  ms: number;
}

/**
 * Sends `megabytes` of body to `pathname` with the given content type, declared or chunked, and
 * stops sending once the answer has come (the body keeps flowing until then).
 */
function sendBig(
  pathname: string,
  contentType: string,
  megabytes: number,
  declared: boolean,
): Promise<Answer> {
  // A raw socket, not http.request: the server answers and closes while the body is still being
  // written, and the client library may report that close (EPIPE) before it has parsed the
  // answer that came first. Here the answer is whatever arrived before the close.
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(PORT, "127.0.0.1");
    const chunk = Buffer.alloc(64 * 1024, "a");
    const framed = declared
      ? chunk
      : Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
    const parts: Buffer[] = [];
    let firstByteMs: number | null = null;
    let sent = 0;
    const pump = () => {
      while (firstByteMs === null && sent < megabytes * 16 && !socket.destroyed) {
        sent++;
        if (!socket.write(framed)) return void socket.once("drain", pump);
      }
      if (firstByteMs !== null || socket.destroyed) return;
      if (declared) socket.end();
      else socket.end("0\r\n\r\n");
    };
    socket.on("connect", () => {
      const length = declared ? `Content-Length: ${megabytes * 1024 * 1024}` : "Transfer-Encoding: chunked";
      socket.write(
        `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: ${server.url}\r\n` +
          `X-Forwarded-For: 192.0.2.77\r\nContent-Type: ${contentType}\r\n${length}\r\n\r\n`,
      );
      pump();
    });
    socket.on("data", (part: Buffer) => {
      firstByteMs ??= Date.now() - started;
      parts.push(part);
    });
    // The server's close shows as an error on the writing side (EPIPE, ECONNRESET).
    socket.on("error", () => {});
    socket.on("close", () => {
      const answer = Buffer.concat(parts).toString();
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0),
        body: answer.split("\r\n\r\n").slice(1).join("\r\n\r\n"),
        ms: firstByteMs ?? Date.now() - started,
      });
    });
  });
}

/**
 * How often a request that got no answer at all is sent again. The server answers and closes
 * without reading the rest of the body, so its close resets the connection; a client whose next
 * write comes after that reset gets the write's error (EPIPE), and Node then closes the socket
 * before it has read the answer waiting in it. Measured here: the server logged its 413 for every
 * one of 135 such requests in a row while the client saw no answer for 1 to 4 % of them (answers
 * that came within 5 ms of the headers, before the client's second 64 KB). That is the client's
 * race, not the server's: with four tries a request the server does answer is all but never
 * lost, and one it never answers still fails the test.
 */
const TRIES = 4;

/** sendBig, sent again (up to TRIES in all) while no answer arrived. */
async function sendBigAnswered(...args: Parameters<typeof sendBig>): Promise<Answer> {
  let answer = await sendBig(...args);
  for (let tries = 1; answer.status === 0 && tries < TRIES; tries++) answer = await sendBig(...args);
  return answer;
}

/**
 * One raw HTTP/1.1 request, for what fetch will not send (a bad Host header, TRACE, a request
 * that stops half-way): what the server answered, and when it closed the connection.
 */
function raw(text: string): Promise<{ status: number; body: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(PORT, "127.0.0.1", () => socket.write(text));
    const parts: Buffer[] = [];
    socket.on("data", (part: Buffer) => parts.push(part));
    socket.on("error", reject);
    socket.on("close", () => {
      const answer = Buffer.concat(parts).toString();
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0),
        body: answer,
        ms: Date.now() - started,
      });
    });
  });
}

/**
 * Streams a chunked multipart body of `total` bytes to `pathname` without waiting for an answer
 * (as a script would), until the server closes the connection: the answer's head, and how much the
 * client managed to send.
 */
function streamChunked(pathname: string, total: number): Promise<{ head: string; sentBytes: number }> {
  return new Promise((resolve) => {
    const socket = net.connect(PORT, "127.0.0.1");
    const chunk = Buffer.alloc(64 * 1024, "a");
    const framed = Buffer.concat([
      Buffer.from(`${chunk.length.toString(16)}\r\n`),
      chunk,
      Buffer.from("\r\n"),
    ]);
    let sentBytes = 0;
    let answer = "";
    const pump = () => {
      while (sentBytes < total && !socket.destroyed) {
        sentBytes += chunk.length;
        if (!socket.write(framed)) return void socket.once("drain", pump);
      }
      if (!socket.destroyed) socket.end("0\r\n\r\n");
    };
    socket.on("connect", () => {
      socket.write(
        `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: http://127.0.0.1:${PORT}\r\n` +
          "Content-Type: multipart/form-data; boundary=x\r\nTransfer-Encoding: chunked\r\n\r\n",
      );
      pump();
    });
    socket.on("data", (part: Buffer) => (answer += part.toString()));
    // The server's close shows as an error on the writing side (EPIPE, ECONNRESET).
    socket.on("error", () => {});
    socket.on("close", () => resolve({ head: answer.split("\r\n\r\n")[0] ?? "", sentBytes }));
  });
}

const visitorForm = (fields: Record<string, string>) =>
  fetch(`${server.url}/connect`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.url,
      "x-forwarded-for": "192.0.2.78",
    },
    body: new URLSearchParams(fields),
  });

const serverErrors = () =>
  server.output
    .join("")
    .split("\n")
    .filter((line) => /Error|error:/.test(line));

describe("request bodies are capped before they are read", () => {
  it("a 200 MB body to every public POST route is refused within a second, whatever its content type", async () => {
    const routes = [
      "/connect",
      "/ministries/acts-kids",
      eventPath,
      "/members/login",
      "/members/login/two-factor",
      "/members/forgot-password",
      "/members/set-password",
      "/no-such-page",
    ];
    const types = ["Multipart/Form-Data; boundary=x", "text/plain", "application/x-www-form-urlencoded"];
    /**
     * Sends a body of `megabytes` to every route with every content type, declared and chunked in
     * turn (the cap does not trust the Content-Length header alone), then four at once as in the
     * security test; each must be refused within a second. Returns the server's highest resident
     * memory meanwhile, MB.
     */
    async function refuseAll(megabytes: number): Promise<number> {
      let peak = serverRss();
      const sampler = setInterval(() => (peak = Math.max(peak, serverRss())), 20);
      try {
        for (const route of routes) {
          for (const [index, type] of types.entries()) {
            const answer = await sendBigAnswered(route, type, megabytes, index % 2 === 0);
            const label = `${route} ${type} ${megabytes} MB`;
            expect(answer.status, label).toBe(413);
            expect(answer.ms, label).toBeLessThan(1000);
            expect(answer.body, label).toContain("That is more than this page can take.");
          }
        }
        const together = await Promise.all(
          ["/connect", "/connect", "/ministries/acts-kids", eventPath].map((route) =>
            sendBigAnswered(route, "multipart/form-data; boundary=x", megabytes, false),
          ),
        );
        expect(together.map((answer) => answer.status)).toEqual([413, 413, 413, 413]);
      } finally {
        clearInterval(sampler);
      }
      return Math.max(peak, serverRss());
    }
    // The same requests with 2 MB bodies first: past every route's limit, and past the little a
    // body declared too large may still be read to its end, so each is refused exactly as a 200 MB
    // one is. They run every code path the measured requests take (the error page rendered for
    // each kind of refusal, the parsers' buffers) and grow the heap to what this work needs, which
    // it does again after a collection (the server's own once it has been quiet for 10 s, or V8's).
    // Measured from wherever RSS happened to be after one kind of refusal, as this test once did,
    // that regrowth and the first refusals of the other kinds counted as the bodies' (a collection
    // just before measuring made 15-17 MB of it here, and CI once saw 66 MB). Against the highest
    // RSS of the 2 MB pass, only what the larger bodies cost is left.
    const baseline = await refuseAll(2);
    const peak = await refuseAll(200);
    // Nothing past a refused body's first part is read (the answer closes the connection): bodies
    // read into memory would add at least 200 MB.
    expect(peak - baseline).toBeLessThan(20);
    // The site still answers.
    expect((await fetch(`${server.url}/connect`)).status).toBe(200);
  });

  it("a body declared far too large is answered at once and never read: the answer closes the connection", async () => {
    for (const route of ["/members/login", "/members/forms", "/connect"]) {
      // 200 MB declared, a few bytes sent, and nothing more: the answer cannot wait for the rest.
      const answer = await raw(
        `POST ${route} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: http://127.0.0.1:${PORT}\r\n` +
          `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${200 * 1024 * 1024}\r\n\r\n--x\r\n`,
      );
      expect(answer.status, route).toBe(413);
      expect(answer.body, route).toMatch(/\r\nConnection: close\r\n/i);
      expect(answer.body, route).toContain("That is more than this page can take.");
    }
  });

  it("a body sent without a declared length is cut at the first part past its limit", async () => {
    for (const route of ["/members/login", "/members/forms"]) {
      // As sendBigAnswered: a reset that overtook the answer is the client's race; again.
      let streamed = await streamChunked(route, 200 * 1024 * 1024);
      for (let tries = 1; !streamed.head && tries < TRIES; tries++) {
        streamed = await streamChunked(route, 200 * 1024 * 1024);
      }
      const { head, sentBytes } = streamed;
      expect(head, route).toMatch(/^HTTP\/1\.1 413 /);
      expect(head, route).toMatch(/\r\nConnection: close\r\n/i);
      // The server stopped reading at its limit (512 KB); what the client got out is what the
      // connection's buffers held, far from the 200 MB it meant to send.
      expect(sentBytes, route).toBeLessThan(32 * 1024 * 1024);
    }
  });

  it("a form of ordinary size still goes through", async () => {
    const response = await visitorForm({
      name: "Guard Tester",
      mobile: "+973 3333 4444",
      email: "guard@example.org",
      message: "x".repeat(2000),
    });
    expect(response.status).toBe(200);
    const rows = await query<{ n: number }>(
      dataDir,
      undefined,
      "select count(*)::int as n from visitors where email = 'guard@example.org'",
    );
    expect(rows[0]!.n).toBe(1);
  });
});

describe("bad input answers 400 or 405 with the usual error page, never 500", () => {
  it("a NUL byte in a form field or in the address", async () => {
    const form = await visitorForm({
      name: "Nul\u0000Byte",
      mobile: "+973 3333 4444",
      email: "nul@example.org",
      message: "hello",
    });
    expect(form.status).toBe(400);
    const page = await form.text();
    expect(page).toContain("Request Not Accepted");
    expect(page).toContain("a NUL byte");
    // The site's frame is around it, as on every error page.
    expect(page).toContain("Go to the home page");

    const multipart = new FormData();
    multipart.set("name", "Nul\u0000Byte");
    multipart.set("email", "nul@example.org");
    const posted = await fetch(`${server.url}/ministries/acts-kids`, {
      method: "POST",
      headers: { origin: server.url, "x-forwarded-for": "192.0.2.79" },
      body: multipart,
    });
    expect(posted.status).toBe(400);

    const search = await fetch(`${server.url}/media/sermons?q=a%00b`);
    expect(search.status).toBe(400);

    const rows = await query<{ n: number }>(
      dataDir,
      undefined,
      "select (select count(*) from visitors where email = 'nul@example.org') + (select count(*) from ministry_registrations where email = 'nul@example.org') as n",
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it("a malformed Host header", async () => {
    for (const host of ["exa mple.org", "evil.example/../x", "[::1", "a@b", ""]) {
      const answer = await raw(`GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(answer.status, JSON.stringify(host)).toBe(400);
      expect(answer.body).toContain("The request named no valid website address.");
    }
  });

  it("TRACE and other methods no page answers", async () => {
    for (const method of ["TRACE", "PROPFIND"]) {
      const answer = await raw(
        `${method} / HTTP/1.1\r\nHost: localhost:${PORT}\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.status, method).toBe(405);
      expect(answer.body).toContain("This website does not answer that kind of request.");
    }
  });

  it("a file the store does not have is a 404, not a fault", async () => {
    const answer = await fetch(`${server.url}/files/ministries/no-such-picture-800.webp`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toBe("Not found");
  });

  it("nothing of it was logged as a server error", () => {
    expect(serverErrors()).toEqual([]);
  });
});

describe("a long answer", () => {
  it("streams compressed without piling up listeners: nothing is warned on the console", async () => {
    await query(
      dataDir,
      undefined,
      `insert into members (first_name, last_name, email, mobile)
       select 'Long' || n, 'Answer', 'long' || n || '@example.org', '3' || lpad(n::text, 7, '0')
       from generate_series(1, 12000) as n`,
    );
    try {
      const cookie = await signInCookie(server);
      const response = await fetch(`${server.url}/members/reports/export/active_members`, {
        headers: { cookie, "accept-encoding": "gzip" },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe("gzip");
      expect((await response.text()).split("\n").length).toBeGreaterThan(12000);
      expect(server.output.join("")).not.toMatch(/MaxListenersExceeded|memory leak/);
    } finally {
      await query(dataDir, undefined, "delete from members where last_name = 'Answer'");
    }
  });
});

describe("the access log", () => {
  it("records every request without the secrets signed links carry", async () => {
    const secret = "Sekr3tTokenValue0123456789abcdefghijklmnopq";
    const addresses = [
      `/members/set-password?token=${secret}`,
      `/members/confirm-email?token=${secret}`,
      `/update-my-details/${secret}`,
      `/update-my-details/${secret}/my-data`,
      `${eventPath}/cancel?r=00000000-0000-0000-0000-000000000000&s=${secret}`,
    ];
    for (const address of addresses) await (await fetch(`${server.url}${address}`)).arrayBuffer();
    const logged = () => server.output.join("");
    // Each request's line is written once its answer has gone.
    await expect.poll(() => logged().match(/\[redacted\]/g)?.length ?? 0).toBeGreaterThanOrEqual(5);
    expect(logged()).toContain("GET /members/set-password?token=[redacted] ");
    expect(logged()).toContain("GET /update-my-details/[redacted]/my-data ");
    expect(logged()).toMatch(/GET \/events\/\S+\/cancel\?r=0{8}-\S+&s=\[redacted\] /);
    expect(logged()).not.toContain(secret);
  });
});

describe("absolute addresses never follow the request's Host header", () => {
  it("the sitemap, robots.txt and a page's canonical link use the configured address", async () => {
    const own = `http://127.0.0.1:${PORT}`;
    const sitemap = await raw(`GET /sitemap.xml HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).toContain(`<loc>${own}/about/our-team</loc>`);
    expect(sitemap.body).not.toContain("evil.example");

    const robots = await raw(`GET /robots.txt HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`);
    expect(robots.body).toContain(`Sitemap: ${own}/sitemap.xml`);

    // Twice: the second answer comes from the page cache, which must not keep a foreign host.
    for (const attempt of [1, 2]) {
      const home = await raw(`GET /about HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`);
      expect(home.status, `attempt ${attempt}`).toBe(200);
      expect(home.body).toContain(`<link rel="canonical" href="${own}/about"/>`);
      expect(home.body).not.toContain("evil.example");
    }
  });
});

describe("nothing that depends on a session is kept by a browser or proxy", () => {
  it("signed-in pages, public pages seen signed in and the members area's pages say no-store", async () => {
    const cookie = await signInCookie(server);
    for (const pathname of ["/members", "/members/details", "/members/reports", "/", "/events"]) {
      const response = await fetch(`${server.url}${pathname}`, { headers: { cookie } });
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get("cache-control"), pathname).toBe("private, no-store");
      await response.arrayBuffer();
    }
    const login = await fetch(`${server.url}/members/login`);
    expect(login.headers.get("cache-control")).toBe("private, no-store");

    // An anonymous visitor's public page is still one the browser may keep (and revalidate).
    const anonymous = await fetch(`${server.url}/events`);
    expect(anonymous.headers.get("cache-control")).toBe("public, no-cache");
  });
});

describe("headers", () => {
  it("deny the browser features no page uses, forbid framing one way, and let the sitemap be revalidated", async () => {
    const home = await fetch(`${server.url}/`);
    const policy = home.headers.get("permissions-policy") ?? "";
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
      expect(policy).toContain(`${feature}=()`);
    }
    expect(policy).not.toContain("camera=(self)");
    expect(home.headers.get("x-frame-options")).toBe("DENY");
    expect(home.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");

    const sitemap = await fetch(`${server.url}/sitemap.xml`);
    const etag = sitemap.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    await sitemap.arrayBuffer();
    const again = await fetch(`${server.url}/sitemap.xml`, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });
});

describe("the camera", () => {
  it("is allowed to our own check-in pages only (they scan QR codes), and denied on every other page", async () => {
    const cookie = await signInCookie(server);
    const policyOf = async (pathname: string) => {
      const response = await fetch(`${server.url}${pathname}`, { headers: { cookie }, redirect: "manual" });
      await response.arrayBuffer();
      return response.headers.get("permissions-policy") ?? "";
    };
    const checkIn = await policyOf("/members/events/00000000-0000-4000-8000-000000000000/check-in");
    expect(checkIn).toContain("camera=(self)");
    expect(checkIn).not.toContain("camera=()");
    for (const feature of ["microphone", "geolocation", "payment", "usb"]) {
      expect(checkIn).toContain(`${feature}=()`);
    }
    for (const pathname of [
      "/",
      "/events",
      "/members",
      "/members/event-registrations",
      "/members/events",
      "/members/events/00000000-0000-4000-8000-000000000000/check-in/more",
    ]) {
      const policy = await policyOf(pathname);
      expect(policy, pathname).toContain("camera=()");
      expect(policy, pathname).not.toContain("camera=(self)");
    }
  });
});

describe("forms are taken only from this site's own origin", () => {
  it("compares scheme, host and port with PUBLIC_URL", async () => {
    const send = (origin: string) =>
      fetch(`${server.url}/connect`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin,
          "x-forwarded-for": "192.0.2.80",
        },
        body: new URLSearchParams({
          name: "Origin Check",
          mobile: "+973 3333 4444",
          email: "o@example.org",
          message: "hi",
        }),
      });
    expect((await send(`https://127.0.0.1:${PORT}`)).status).toBe(403);
    expect((await send(`http://127.0.0.1:${PORT + 1}`)).status).toBe(403);
    expect((await send("http://evil.example")).status).toBe(403);
    expect((await send(`http://127.0.0.1:${PORT}`)).status).toBe(200);
  });
});

describe("the visitor's address behind a proxy", () => {
  /** 31 messages, each with a different forged first X-Forwarded-For entry, as the proxy passes them on. */
  async function forgedMessages(url: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let index = 0; index < 31; index++) {
      const response = await fetch(`${url}/connect`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: url,
          // The visitor's own header, then the address the proxy saw (appended by it).
          "x-forwarded-for": `203.0.113.${index}, 198.51.100.7`,
        },
        body: new URLSearchParams({
          name: "Proxy Check",
          mobile: "+973 3333 4444",
          email: "proxy@example.org",
          message: `message ${index}`,
        }),
      });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    return statuses;
  }

  it("TRUST_PROXY=true is warned about at start, since a visitor's forged address escapes the limits", async () => {
    expect(server.output.join("")).toContain("Warning: TRUST_PROXY=true believes the X-Forwarded-For header");
    expect(await forgedMessages(server.url)).not.toContain(429);
  });

  it("with a hop count, the address the proxy added counts, whatever the visitor wrote before it", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "church-proxy-"));
    const counted = await startServer({ DATA_DIR: folder, TRUST_PROXY: "1" }, PORT + 5);
    try {
      const statuses = await forgedMessages(counted.url);
      expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
      expect(statuses[30]).toBe(429);
      expect(counted.output.join("")).not.toContain("Warning: TRUST_PROXY");
    } finally {
      await stopServer(counted);
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("slow clients cannot hold a connection", () => {
  it("headers must arrive within 10 s, and a form's body within 20 s", async () => {
    // Each sends part of a request and nothing more.
    const [headers, body] = await Promise.all([
      raw(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nX-Slow: `),
      raw(
        `POST /connect HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: http://127.0.0.1:${PORT}\r\n` +
          "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nname=Slow",
      ),
    ]);
    expect(headers.status).toBe(408);
    expect(headers.ms).toBeGreaterThanOrEqual(9_000);
    expect(headers.ms).toBeLessThan(13_000);
    expect(body.status).toBe(408);
    expect(body.ms).toBeGreaterThanOrEqual(19_000);
    expect(body.ms).toBeLessThan(23_000);
  });
});
