import { createReadableStreamFromReadable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { requestContext, type RequestFacts } from "../app/server/http/request-context.server";
import {
  ANSWERED_METHODS,
  bodyLimit,
  carriesNul,
  FORM_BODY_TIMEOUT_MS,
  isMembersAddress,
  isOneClickUnsubscribe,
  isValidHost,
  REFUSALS,
  type Refusal,
  type UploadMegabytes,
} from "../app/server/http/request-guard.server";
import { siteOrigin } from "../app/server/platform/site-origin.server";

// Express to React Router, as @react-router/express does it, plus what the server refuses before
// a route runs (app/server/http/request-guard.server.ts): every request body is capped before it
// is read (a form's body is read whole up to its small limit, an upload's is streamed and cut at
// its limit), and a refused request gets the site's usual error page with its status, rendered
// from a stand-in GET so that no route action runs.

/** The refusal of a request found before its body is read, set by `refuseEarly`. */
const refusalOf = (res: ExpressResponse) => res.locals.refusal as Refusal | undefined;

const hasBody = (req: ExpressRequest) =>
  req.method !== "GET" &&
  req.method !== "HEAD" &&
  (req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0);

/**
 * Finds what can be refused from the request line and headers alone: a method no route answers, a
 * Host header that names no host, a NUL byte in the address, a body declared larger than the
 * address takes. Later middleware (the page cache) leaves a refused request alone.
 */
export function refuseEarly(uploadLimits: UploadMegabytes) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    let refusal: Refusal | undefined;
    if (!ANSWERED_METHODS.has(req.method)) refusal = REFUSALS.badMethod;
    else if (!isValidHost(req.headers.host)) refusal = REFUSALS.badHost;
    else if (carriesNul(req.originalUrl)) refusal = REFUSALS.nul;
    else {
      // An upload's declared length is its route's to judge (it answers with its own message).
      const limit = bodyLimit(req.path, uploadLimits);
      if (!limit.streamed && Number(req.headers["content-length"] ?? 0) > limit.bytes)
        refusal = REFUSALS.tooLarge;
    }
    if (refusal) res.locals.refusal = refusal;
    next();
  };
}

/**
 * The body, read whole; "too large" once it grows past `limit` bytes, "too slow" when it has not
 * all arrived within `ms` (reading stops there either way).
 */
function readWhole(
  req: ExpressRequest,
  limit: number,
  ms: number,
): Promise<Buffer | "too large" | "too slow"> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: Buffer | "too large" | "too slow") => {
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      resolve(result);
    };
    const timer = setTimeout(() => finish("too slow"), ms);
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        // Nothing more of it is read: the answer closes the connection (dropRestOfBody).
        req.pause();
        chunks.length = 0;
        finish("too large");
      } else chunks.push(chunk);
    };
    const onEnd = () => finish(Buffer.concat(chunks, size));
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/**
 * An upload sent without a declared length, as a stream that fails once it grows past `limit`
 * bytes (the connection is cut): no upload form sends such a body.
 */
function within(stream: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let size = 0;
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > limit) controller.error(new Error(REFUSALS.tooLarge.message));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * After a refusal of a body declared a little too large, the rest of it is read and dropped (Node
 * does this once the answer is sent) so a browser that sends the whole body before it reads the
 * answer shows it; a body still arriving after this long is cut off.
 */
const DRAIN_MS = 10_000;
/**
 * How far past its limit a declared body may be and still be read to its end after the answer
 * (a form a little too long, typed in a browser). Past that, or a body sent without a declared
 * length that outgrew its limit, nothing more is read: the answer closes the connection, so a 200
 * MB body costs the server the few kilobytes it had read, not the reading of 200 MB.
 */
const DRAIN_BYTES = 1024 * 1024;

function dropRestOfBody(req: ExpressRequest, res: ExpressResponse, refusal: Refusal, limit: number) {
  const declared =
    req.headers["content-length"] === undefined ? undefined : Number(req.headers["content-length"]);
  const drainable =
    refusal !== REFUSALS.slow &&
    (refusal !== REFUSALS.tooLarge || (declared !== undefined && declared <= limit + DRAIN_BYTES));
  // A client too slow to send its form, or a body far too large, is not read any further.
  if (!drainable) {
    res.setHeader("Connection", "close");
    return;
  }
  res.once("finish", () => {
    if (req.readableEnded) return;
    req.resume();
    const timer = setTimeout(() => req.socket.destroy(), DRAIN_MS);
    timer.unref();
    req.once("end", () => clearTimeout(timer));
  });
}

function headersOf(req: ExpressRequest) {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of ([] as string[]).concat(values)) headers.append(key, value);
  }
  return headers;
}

/** The request as React Router takes it (the same URL the Express adapter builds). */
function toFetchRequest(req: ExpressRequest, res: ExpressResponse, body: BodyInit | undefined) {
  const url = new URL(`${req.protocol}://${req.headers.host}${req.originalUrl}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = headersOf(req);
  // A one-click unsubscribe comes from the reader's mail provider: its Origin is not ours, and
  // React Router would refuse the action for that (the same-origin check above let it through).
  if (req.method === "POST" && isOneClickUnsubscribe(req.path)) headers.delete("origin");
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(body === undefined ? {} : { body, duplex: "half" }),
  } as RequestInit);
}

/**
 * The stand-in for a refused request: a GET of an address no page has, which the not-found route
 * answers with the refusal's status (see routes/not-found.tsx), inside the usual site frame.
 */
function refusalRequest(req: ExpressRequest) {
  const headers = new Headers({ accept: "text/html" });
  if (req.headers.cookie) headers.set("cookie", req.headers.cookie);
  return new Request(`${siteOrigin()}/.refused`, { headers });
}

/**
 * Whether an answer depends on who asks: everything under /members, and every answer to a request
 * that carried a cookie (a signed-in person's public page shows their name and the members link).
 * Browsers and proxies keep none of these, so after signing out Back shows nothing of them; the
 * page cache already leaves such requests alone.
 */
const isPersonal = (req: ExpressRequest) => isMembersAddress(req.path) || req.headers.cookie !== undefined;

/**
 * Writes an answer's body as it is produced, flushing each part through the compression stream
 * (so a page streams) and waiting whenever the connection is full. One "drain" listener serves
 * the whole answer: the compression middleware moves "drain" listeners to its own zlib stream and
 * cannot remove them again, so one added per wait (as @react-router/node's writer does) piled up on
 * a long answer until Node warned (MaxListenersExceededWarning: 11 drain listeners added to [Gzip]).
 */
async function writeBody(body: ReadableStream<Uint8Array>, res: ExpressResponse) {
  const reader = body.getReader();
  let wake: (() => void) | null = null;
  const resume = () => {
    const waiting = wake;
    wake = null;
    waiting?.();
  };
  res.on("drain", resume);
  res.once("close", resume);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
      if (done) {
        res.end();
        return;
      }
      const hasRoom = res.write(value);
      (res as ExpressResponse & { flush?: () => void }).flush?.();
      if (!hasRoom && !res.destroyed) await new Promise<void>((resolve) => (wake = resolve));
    }
  } catch (error) {
    await reader.cancel(error).catch(() => {});
    if (!res.destroyed) {
      // The connection is cut; the error is the caller's to report, not the response's to throw.
      res.once("error", () => {});
      res.destroy(error as Error);
    }
    throw error;
  } finally {
    res.off("close", resume);
    reader.releaseLock();
  }
}

async function send(req: ExpressRequest, res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (isPersonal(req)) res.setHeader("Cache-Control", "private, no-store");
  if (response.body) {
    try {
      await writeBody(response.body, res);
    } catch (error) {
      if (res.destroyed || res.writableEnded) return;
      throw error;
    }
  } else {
    res.end();
  }
}

export function reactRouterHandler(options: {
  build: () => Promise<ServerBuild>;
  mode: string;
  uploadLimits: UploadMegabytes;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => Omit<RequestFacts, "refusal">;
}) {
  const handle = createRequestHandler(options.build, options.mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      let refusal = refusalOf(res);
      let body: BodyInit | undefined;
      const limit = bodyLimit(req.path, options.uploadLimits);
      if (!refusal && hasBody(req)) {
        if (limit.streamed) {
          const stream = createReadableStreamFromReadable(req);
          body = req.headers["content-length"] === undefined ? within(stream, limit.bytes) : stream;
        } else {
          const whole = await readWhole(req, limit.bytes, FORM_BODY_TIMEOUT_MS);
          if (whole === "too large") refusal = REFUSALS.tooLarge;
          else if (whole === "too slow") refusal = REFUSALS.slow;
          else if (carriesNul(whole)) refusal = REFUSALS.nul;
          else body = new Uint8Array(whole);
        }
      }
      if (refusal && hasBody(req) && !req.readableEnded) dropRestOfBody(req, res, refusal, limit.bytes);
      const request = refusal ? refusalRequest(req) : toFetchRequest(req, res, body);
      const context = requestContext({ ...options.getLoadContext(req, res), refusal });
      const response = await handle(request, context);
      await send(req, res, response);
    } catch (error) {
      next(error);
    }
  };
}
