import "react-router";
import crypto from "node:crypto";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { createRequestHandler as createFetchHandler } from "react-router";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import helmet from "helmet";
import morgan from "morgan";
import type { ViteDevServer } from "vite";
import { startServices, type RunningServices } from "../app/server/main/boot.server";
import { controlHandlers } from "../app/server/main/cli.server";
import { startControlServer } from "../app/server/platform/control.server";
import { parseEnv, type Env } from "../app/server/platform/env.server";
import { StartupError } from "../app/server/platform/startup-error.server";
import { projectRoot } from "../app/server/platform/paths.server";
import { startIdleCollector } from "../app/server/platform/idle-gc.server";
import { startSiteRuntime } from "../app/server/main/site-runtime.server";
import { maintenance } from "../app/server/platform/maintenance.server";
import { services } from "../app/server/platform/services.server";
import {
  CLIENT_IP_HEADER,
  runAfterResponse,
  runInRequestScope,
  type RequestScope,
} from "../app/server/platform/request-scope.server";
import { contentTypeFor } from "../app/lib/files";
import { CHECK_IN_PATH } from "../app/lib/check-in-code";
import { HEADERS_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from "../app/server/http/request-guard.server";
import { loggedUrl } from "../app/server/http/access-log.server";
import { loggableError } from "../app/server/platform/db-errors.server";
import { cachedPublicPages, invalidatePagesOnWrites } from "./page-cache-middleware";
import { sameOriginPosts } from "./same-origin-posts";
import { reactRouterHandler, refuseEarly } from "./react-router-handler";

export { runCli } from "../app/server/main/cli.server";

// Files a browser may show inline; anything else in the store is sent as a download.
const INLINE_FILE_TYPES = new Set([".pdf", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".mp3", ".m4a"]);

/**
 * Browser features no page of ours uses, denied to the page and to anything it frames. The
 * YouTube player keeps what its frame asks for (autoplay, motion sensors for 360° videos,
 * picture-in-picture, fullscreen). The camera is denied too, except to an event's check-in page
 * itself, which scans confirmations' QR codes with it (`camera=(self)`: still nothing it frames).
 */
const DENIED_FEATURES = [
  "microphone",
  "geolocation",
  "payment",
  "usb",
  "serial",
  "hid",
  "midi",
  "magnetometer",
  "display-capture",
  "browsing-topics",
].map((feature) => `${feature}=()`);
const PERMISSIONS_POLICY = ["camera=()", ...DENIED_FEATURES].join(", ");
const CHECK_IN_PERMISSIONS_POLICY = ["camera=(self)", ...DENIED_FEATURES].join(", ");

const MAINTENANCE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="15"><title>Under maintenance</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; color: #1e293b">
<h1 style="font-size: 1.5rem">Under maintenance</h1>
<p>The website is being restored from a backup. Please try again in a minute or two.</p>
</body></html>
`;

export const TRUST_ANY_PROXY_WARNING =
  "Warning: TRUST_PROXY=true believes the X-Forwarded-For header of anyone who reaches this server, " +
  "so a visitor can pick their own address and escape the rate limits. Set TRUST_PROXY to the number " +
  "of proxies in front of the site (usually 1) or to their addresses (e.g. loopback or 10.0.0.5).";

function trustProxySetting(value: string | undefined): boolean | number | string {
  if (!value || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export function createApp(options: { env: Env; vite?: ViteDevServer; onRequest?: () => void }) {
  const { env, vite, onRequest } = options;
  const app = express();
  if (onRequest) {
    app.use((_req, _res, next) => {
      onRequest();
      next();
    });
  }
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxySetting(env.TRUST_PROXY));

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      // Vite's development client needs inline scripts; production gets the strict policy.
      contentSecurityPolicy: vite
        ? false
        : {
            directives: {
              "script-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
              "style-src": ["'self'", "'unsafe-inline'"],
              // blob: for the preview of a picture chosen for upload.
              "img-src": [
                "'self'",
                "data:",
                "blob:",
                "https://i.ytimg.com",
                ...(env.S3_PUBLIC_URL ? [new URL(env.S3_PUBLIC_URL).origin] : []),
              ],
              // Sermon recordings: ours, or the bucket's when S3_PUBLIC_URL sends players there.
              "media-src": ["'self'", ...(env.S3_PUBLIC_URL ? [new URL(env.S3_PUBLIC_URL).origin] : [])],
              "frame-src": [
                "https://www.youtube-nocookie.com",
                "https://www.youtube.com",
                "https://www.google.com",
                "https://maps.google.com",
              ],
              "frame-ancestors": ["'none'"],
              "connect-src": ["'self'"],
              // The site may be reached over plain http on a church LAN; do not force https.
              "upgrade-insecure-requests": null,
            },
          },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
      // The same meaning as the policy's frame-ancestors 'none': no site may frame ours.
      xFrameOptions: { action: "deny" },
      // YouTube's player refuses to play without a referrer.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use((req, res, next) => {
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    res.setHeader(
      "Permissions-Policy",
      CHECK_IN_PATH.test(req.path) ? CHECK_IN_PERMISSIONS_POLICY : PERMISSIONS_POLICY,
    );
    next();
  });
  // Every text answer compressed, the smallest script files included (the default skips < 1 KB).
  app.use(compression({ threshold: 0 }));
  // The address as logged leaves out the secrets signed links carry (access-log.server.ts).
  morgan.token("logged-url", (req: Request) => loggedUrl(req.originalUrl || req.url));
  app.use(
    morgan(":remote-addr :method :logged-url :status :res[content-length] - :response-time ms", {
      skip: (req) => req.url?.startsWith("/assets/") ?? false,
    }),
  );

  // The process is alive while a backup is restored (a restart then would leave it half done),
  // but it is not ready for visitors.
  app.get("/healthz", (_req, res) => {
    res.type("text/plain").send(maintenance() ? "ok (under maintenance: restoring a backup)" : "ok");
  });
  app.get("/readyz", async (_req, res) => {
    if (maintenance()) {
      res.status(503).type("text/plain").send("not ready: under maintenance (restoring a backup)");
      return;
    }
    try {
      await Promise.all([services().database.ping(), services().storage.ping()]);
      res.type("text/plain").send("ready");
    } catch {
      res.status(503).type("text/plain").send("not ready");
    }
  });

  // While a backup is restored (the backups screen), every page answers this until it is done.
  app.use((_req, res, next) => {
    if (!maintenance()) return next();
    res
      .status(503)
      .set("Retry-After", "30")
      .set("Cache-Control", "no-store")
      .type("html")
      .send(MAINTENANCE_PAGE);
  });

  if (vite) {
    app.use(vite.middlewares);
  } else {
    const client = path.join(projectRoot(), "build", "client");
    // Hashed file names never change, so browsers may keep them for a year.
    app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y" }));
    app.use(express.static(client, { maxAge: "1h", index: false }));
  }

  const { storage } = services();
  const fileHeaders = (res: Response, name: string) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (!INLINE_FILE_TYPES.has(path.extname(name).toLowerCase()))
      res.setHeader("Content-Disposition", "attachment");
  };
  if (storage.localRoot) {
    app.use(
      "/files",
      express.static(storage.localRoot, {
        immutable: true,
        maxAge: "1y",
        index: false,
        dotfiles: "deny",
        fallthrough: false,
        setHeaders: fileHeaders,
      }),
    );
  } else {
    // Files in a bucket, passed through (unless S3_PUBLIC_URL sends browsers to the bucket).
    app.get("/files/{*name}", (req, res) => {
      const name = ([] as string[]).concat((req.params as { name?: string | string[] }).name ?? []).join("/");
      let stream;
      try {
        stream = storage.read(name);
      } catch {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      stream.once("error", () => {
        if (!res.headersSent) res.status(404).type("text/plain").send("Not found");
        else res.destroy();
      });
      stream.once("readable", () => {
        res.setHeader("Content-Type", contentTypeFor(name));
        res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        fileHeaders(res, name);
        stream.pipe(res);
      });
    });
  }

  // The audit log says from which address a change came, wherever in the code it is written.
  // The auth library reads the address it stores with a session from this header, which only
  // this server sets (it honours TRUST_PROXY; a visitor's own X-Forwarded-For cannot fake it).
  // Work a request defers until its answer has left (afterResponse) runs when the response closes.
  app.use((req, res, next) => {
    const clientIp = req.ip ?? req.socket.remoteAddress ?? "unknown";
    req.headers[CLIENT_IP_HEADER] = clientIp;
    const scope: RequestScope = { clientIp, afterResponse: [] };
    res.once("close", () => void runAfterResponse(scope));
    runInRequestScope(scope, next);
  });
  // Bodies over their address's limit, unknown methods, bad Host headers and NUL bytes are refused
  // before any route runs (app/server/http/request-guard.server.ts).
  const uploadLimits = { documentMegabytes: env.MAX_DOCUMENT_MB, audioMegabytes: env.MAX_AUDIO_MB };
  app.use(refuseEarly(uploadLimits));
  app.use(sameOriginPosts(env.PUBLIC_URL));
  app.use(invalidatePagesOnWrites);
  // In development pages change with every edit, so nothing is cached.
  if (!vite) {
    app.use(
      cachedPublicPages(createFetchHandler(() => import("virtual:react-router/server-build"), "production")),
    );
  }
  app.use(
    reactRouterHandler({
      build: () => import("virtual:react-router/server-build"),
      mode: vite ? "development" : "production",
      uploadLimits,
      getLoadContext: (req, res) => ({
        cspNonce: res.locals.cspNonce as string,
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
      }),
    }),
  );
  // A fault no page caught: logged without a failed query's values (Express's own handler would
  // print the error whole), answered with a plain 500.
  // An error that carries its own 4xx status (a file /files does not have: express.static's 404) is
  // that answer, not a fault.
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: unknown } | null)?.status;
    const isRefusal = typeof status === "number" && status >= 400 && status < 500;
    if (!isRefusal) console.error(loggableError(error));
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (isRefusal)
      res
        .status(status)
        .type("text/plain")
        .send(status === 404 ? "Not found" : "Bad request");
    else res.status(500).type("text/plain").send("Internal Server Error");
  });
  return app;
}

function displayUrl(env: Env) {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/$/, "");
  const host = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  return `http://${host}:${env.PORT}`;
}

/** Starts the whole site: services, HTTP server, graceful shutdown. */
export async function run(options: { vite?: ViteDevServer } = {}) {
  let env: Env;
  let running: RunningServices;
  try {
    env = parseEnv();
    running = await startServices(env);
  } catch (error) {
    if (error instanceof StartupError) {
      console.error(error.message);
    } else {
      console.error("The server could not start:", loggableError(error));
    }
    process.exit(1);
  }

  const control = env.DATABASE_URL ? undefined : await startControlServer(env.DATA_DIR, controlHandlers);
  // In production, memory a busy spell grew is given back once the site is quiet again.
  const idle = options.vite ? undefined : startIdleCollector();
  // E-mails queued by any server are sent by every server's worker (never twice: see outbox);
  // a restore from the backups screen swaps the database under it (site-runtime.server.ts).
  const outbox = startSiteRuntime(running);
  const app = createApp({ env, vite: options.vite, onRequest: idle?.touch });
  // A client that is slow on purpose (slow-loris) cannot hold a connection: its headers must
  // arrive within HEADERS_TIMEOUT_MS and a whole request within UPLOAD_TIMEOUT_MS (a form's
  // body has a shorter limit of its own, see react-router-handler.ts). Checked every second.
  const server: Server = createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: UPLOAD_TIMEOUT_MS,
      connectionsCheckingInterval: 1000,
    },
    app,
  );
  server.listen(env.PORT, env.HOST, () => {
    const url = displayUrl(env);
    const database =
      running.services.database.kind === "pglite" ? `embedded database in ${env.DATA_DIR}` : "PostgreSQL";
    console.log(`\nChurch website running at ${url} (${database})`);
    console.log(`Staff sign in at ${url}/members/login\n`);
    if (env.TRUST_PROXY === "true") console.warn(TRUST_ANY_PROXY_WARNING);
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === "EADDRINUSE"
        ? `Port ${env.PORT} is already in use. Set PORT to another number.`
        : `The server could not listen: ${error.message}`,
    );
    void stop(1);
  });

  let stopping = false;
  async function stop(code: number) {
    if (stopping) return;
    stopping = true;
    // Finish the requests in flight, then close the database cleanly.
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    await control?.close();
    await outbox.stop();
    await running.stop();
    process.exit(code);
  }
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      console.log(`${signal} received: finishing requests and closing the database...`);
      void stop(0);
    });
  }
}
