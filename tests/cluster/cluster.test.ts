import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server } from "../helpers/s3";
import {
  ADMIN,
  createPostgresDatabase,
  startServer,
  stopServer,
  type ServerUnderTest,
} from "../reliability/helpers";

// Two app servers on one PostgreSQL database and one S3-compatible bucket, behind nginx as a
// round-robin load balancer. Needs TEST_DATABASE_URL and nginx (.ci/run provides both).
const SECRET = "cluster-secret-0123456789-abcdefghijklmnop";
const PORTS = { a: 3471, b: 3472, balancer: 3470 };

function nginxConfig(dir: string) {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 12m;
  upstream app {
    server 127.0.0.1:${PORTS.a} max_fails=1 fail_timeout=10s;
    server 127.0.0.1:${PORTS.b} max_fails=1 fail_timeout=10s;
  }
  server {
    listen 127.0.0.1:${PORTS.balancer};
    location / {
      proxy_pass http://app;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

describe("several app servers behind a load balancer", () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "church-cluster-"));
  const balancer = `http://127.0.0.1:${PORTS.balancer}`;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let servers: ServerUnderTest[] = [];
  let nginx: ChildProcess;
  let cookie = "";

  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL)
      throw new Error(
        "The cluster test needs TEST_DATABASE_URL (a PostgreSQL server to create a database on).",
      );
    if (spawnSync("nginx", ["-v"]).error)
      throw new Error("The cluster test needs nginx on the PATH (Debian: apt-get install nginx).");
    database = await createPostgresDatabase();
    s3 = await startS3Server();
    const env = (name: string) => ({
      ...s3.env,
      DATABASE_URL: database!.url,
      SESSION_SECRET: SECRET,
      SEED_DEMO: "true",
      DATA_DIR: path.join(work, name),
    });
    // Both at once: migrations and the seed must run exactly once between them.
    servers = await Promise.all([startServer(env("a"), PORTS.a), startServer(env("b"), PORTS.b)]);
    fs.writeFileSync(path.join(work, "nginx.conf"), nginxConfig(work));
    nginx = spawn("nginx", ["-c", path.join(work, "nginx.conf"), "-p", work], { stdio: "ignore" });
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(`${balancer}/healthz`)).ok) break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });

  afterAll(async () => {
    nginx?.kill("SIGTERM");
    await Promise.all(servers.map((server) => stopServer(server)));
    await s3?.stop();
    await database?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("started both servers with one migration and one seed", async () => {
    const pg = await import("pg");
    const client = new pg.default.Client({ connectionString: database!.url });
    await client.connect();
    try {
      expect((await client.query("select count(*)::int as n from events")).rows[0].n).toBe(3);
      expect((await client.query("select count(*)::int as n from users")).rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
  });

  it("keeps a visitor signed in while requests alternate between the servers", async () => {
    const signIn = await fetch(`${balancer}/members/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: balancer },
      body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
    });
    expect(signIn.status).toBe(302);
    cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const upstreams = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${balancer}/members`, { headers: { cookie }, redirect: "manual" });
      expect(response.status).toBe(200);
      upstreams.add(response.headers.get("x-upstream")!);
      await response.arrayBuffer();
    }
    expect(upstreams).toEqual(new Set([`127.0.0.1:${PORTS.a}`, `127.0.0.1:${PORTS.b}`]));
  });

  it("serves a file uploaded through one server from either", async () => {
    const body = new FormData();
    body.set("category", "elibrary");
    body.set(
      "file",
      new File([Buffer.from("%PDF-1.4\n%%EOF\n")], "Cluster.pdf", { type: "application/pdf" }),
    );
    const upload = await fetch(`${balancer}/members/upload/save`, {
      method: "POST",
      body,
      headers: { cookie, origin: balancer, accept: "application/json" },
    });
    expect(upload.status).toBe(200);
    const page = await (await fetch(`${balancer}/media/elibrary`)).text();
    const href = /href="(\/files\/\d+\.pdf)"/.exec(page)?.[1];
    expect(href).toBeTruthy();
    const servedBy = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${balancer}${href}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("%PDF-1.4");
      servedBy.add(response.headers.get("x-upstream")!);
    }
    expect(servedBy.size).toBe(2);
  });

  it("shows what is published through one server on the pages the other had cached", async () => {
    const direct = (name: "a" | "b") => `http://127.0.0.1:${PORTS[name]}`;
    for (const name of ["a", "b"] as const) {
      const first = await fetch(`${direct(name)}/media/elibrary`);
      const again = await fetch(`${direct(name)}/media/elibrary`);
      expect(again.headers.get("etag")).toBe(first.headers.get("etag")); // served from its cache
      expect(await again.text()).not.toContain("Cluster Cache Check");
      await first.arrayBuffer();
    }
    const body = new FormData();
    body.set("category", "elibrary");
    body.set(
      "file",
      new File([Buffer.from("%PDF-1.4\n%%EOF\n")], "Cluster Cache Check.pdf", { type: "application/pdf" }),
    );
    const upload = await fetch(`${direct("a")}/members/upload/save`, {
      method: "POST",
      body,
      headers: { cookie, origin: direct("a"), accept: "application/json" },
    });
    expect(upload.status).toBe(200);
    expect(await (await fetch(`${direct("b")}/media/elibrary`)).text()).toContain("Cluster Cache Check");
  });

  it("shows a website edit saved on one server on the other within a second", async () => {
    const direct = (name: "a" | "b") => `http://127.0.0.1:${PORTS[name]}`;
    for (const path of ["/connect", "/"]) {
      const first = await fetch(`${direct("b")}${path}`);
      const again = await fetch(`${direct("b")}${path}`);
      expect(again.headers.get("etag")).toBe(first.headers.get("etag")); // served from its cache
      await Promise.all([first.arrayBuffer(), again.arrayBuffer()]);
    }
    const pg = await import("pg");
    const client = new pg.default.Client({ connectionString: database!.url });
    await client.connect();
    let church: { data: Record<string, unknown>; version: number };
    try {
      church = (await client.query("select data, version from site_sections where key = 'church'")).rows[0];
    } finally {
      await client.end();
    }
    const save = await fetch(`${direct("a")}/members/site/church`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: direct("a"), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "save",
        version: String(church.version),
        data: JSON.stringify({ ...church.data, phone: "+973 1799 4242", name: "Cluster Church" }),
      }),
    });
    expect(save.status).toBe(200);
    await save.arrayBuffer();
    const savedAt = Date.now();
    let connect = "";
    let home = "";
    while (Date.now() - savedAt < 1000) {
      [connect, home] = await Promise.all([
        fetch(`${direct("b")}/connect`).then((r) => r.text()),
        fetch(`${direct("b")}/`).then((r) => r.text()),
      ]);
      if (connect.includes("+973 1799 4242") && home.includes("Cluster Church")) break;
    }
    expect(connect).toContain("+973 1799 4242");
    expect(home).toContain('"name":"Cluster Church"'); // the JSON-LD
    expect(home).toContain("<title>Cluster Church</title>");
  });

  it("counts failed sign-ins across both servers", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${balancer}/members/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: balancer },
        body: new URLSearchParams({ username: "someone@cluster.test", password: `wrong ${i}` }),
      });
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("gives 50 seats to exactly 50 of 200 people registering at once through both servers", async () => {
    const pg = await import("pg");
    const client = new pg.default.Client({ connectionString: database!.url });
    await client.connect();
    try {
      const {
        rows: [event],
      } = await client.query(
        `insert into events (title, event_date, event_time, location_name, google_maps_url, capacity)
         values ('Cluster Retreat', current_date + 30, '09:00', 'Hall', 'https://maps.example.org/', 50)
         returning id`,
      );
      const statuses = await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const server = `http://127.0.0.1:${i % 2 ? PORTS.a : PORTS.b}`;
          const response = await fetch(`${server}/events/${event.id}`, {
            method: "POST",
            redirect: "manual",
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              origin: server,
              // One visitor each (the servers trust the proxy's address), so no rate limit applies.
              "x-forwarded-for": `10.20.${Math.floor(i / 250)}.${i % 250}`,
            },
            body: new URLSearchParams({
              name: `Guest ${i}`,
              email: `guest${i}@cluster.test`,
              mobile: "+97333334444",
            }),
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      expect(statuses.filter((status) => status >= 400)).toEqual([]);
      const { rows } = await client.query(
        "select status, count(*)::int as n from event_registrations where event_id = $1 group by status order by status",
        [event.id],
      );
      expect(rows).toEqual([
        { status: "confirmed", n: 50 },
        { status: "waitlisted", n: 150 },
      ]);
    } finally {
      await client.end();
    }
  });

  it("keeps working through the other server when one dies", async () => {
    servers[0]!.process.kill("SIGKILL");
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${balancer}/members`, { headers: { cookie }, redirect: "manual" });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-upstream")).toContain(`127.0.0.1:${PORTS.b}`);
      await response.arrayBuffer();
    }
  });
});
