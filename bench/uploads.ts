// Uploads as staff make them, with the server watched while it works: a document as large as the
// limit allows (25 MB) streamed to the local folder or to an S3 bucket, and ten phone photos sent
// at once while another client keeps asking for /healthz (pictures are decoded one at a time on
// one thread, so the other core must go on answering).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { type CookieJar, percentile, round } from "./http";
import { readMemory, resetPeak } from "./server";

const MB = 1024 * 1024;

/**
 * The bench's document: a PDF header, 25 MB (25,000,000 bytes) of filler and the end marker, just
 * under the default MAX_DOCUMENT_MB (25, counted in MiB: 26,214,400 bytes).
 */
export const BIG_DOCUMENT_FILLER = 25_000_000;
export const BURST_PHOTOS = 10;
/** Titles of the burst's events (removed afterwards with `like 'Bench photo %'`). */
const BURST_TITLE = "Bench photo";
export const PHOTO_EVENT_TITLE = "Bench event with a phone photo";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Test files

/** A PDF: the header, `fillerBytes` random bytes, the end marker; written in 1 MiB steps. Returns its size. */
export function writeBenchPdf(file: string, fillerBytes: number): number {
  const head = Buffer.from("%PDF-1.4\n");
  const end = Buffer.from("\n%%EOF\n");
  const fd = fs.openSync(file, "w");
  try {
    fs.writeSync(fd, head);
    let left = fillerBytes;
    const filler = randomBytes(MB);
    while (left > 0) {
      const written = fs.writeSync(fd, filler, 0, Math.min(left, filler.length));
      left -= written;
    }
    fs.writeSync(fd, end);
  } finally {
    fs.closeSync(fd);
  }
  return head.length + fillerBytes + end.length;
}

/** The tests' phone photo (4032x3024, EXIF orientation 6, GPS, XMP; about 2.5 MB). */
export { phoneJpeg } from "../tests/helpers/pictures";

// ---------------------------------------------------------------------------------------------
// HTTP

interface MultipartFile {
  field: string;
  fileName: string;
  type: string;
  /** The content, or the path of a file to stream it from. */
  body: Buffer | { path: string };
}

export interface UploadAnswer {
  status: number;
  ok: boolean;
  /** The toast's title and description, or the start of a body that was not JSON. */
  message: string;
  /** From the first byte sent to the last byte of the answer. */
  ms: number;
}

/**
 * A multipart POST as the staff screens send it (`Accept: application/json`), the file streamed
 * from disk or memory, on a connection of its own (so ten go out together), with a Content-Length.
 */
export function postMultipart(
  url: string,
  jar: CookieJar,
  fields: Record<string, string>,
  file: MultipartFile,
): Promise<UploadAnswer> {
  const boundary = `----bench${randomBytes(12).toString("hex")}`;
  let head = "";
  for (const [name, value] of Object.entries(fields)) {
    head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  head +=
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.fileName}"\r\n` +
    `Content-Type: ${file.type}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const fileBytes = Buffer.isBuffer(file.body) ? file.body.length : fs.statSync(file.body.path).size;
  const origin = new URL(url).origin;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(url, {
      method: "POST",
      agent: false,
      headers: {
        Cookie: jar.header(),
        Origin: origin,
        Accept: "application/json",
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": String(Buffer.byteLength(head) + fileBytes + Buffer.byteLength(tail)),
      },
    });
    req.setTimeout(300_000, () => req.destroy(new Error(`Timed out: ${url}`)));
    req.on("error", reject);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString();
        let ok = false;
        let message = text.slice(0, 200);
        try {
          const answer = JSON.parse(text) as {
            ok?: boolean;
            toast?: { title?: string; description?: string };
          };
          ok = answer.ok === true;
          message = [answer.toast?.title, answer.toast?.description].filter(Boolean).join(": ");
        } catch {
          // not JSON: keep the start of the body
        }
        resolve({ status: res.statusCode ?? 0, ok, message, ms: round(performance.now() - started) });
      });
    });
    req.write(head);
    if (Buffer.isBuffer(file.body)) {
      req.write(file.body);
      req.end(tail);
    } else {
      const source = fs.createReadStream(file.body.path);
      source.on("error", (error) => req.destroy(error));
      source.on("end", () => req.end(tail));
      source.pipe(req, { end: false });
    }
  });
}

/** Asks for `url` again and again (one request at a time, one every `everyMs`), timing each answer. */
function pollLatency(url: string, everyMs: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let failures = 0;
  let running = true;
  const get = () =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(url, { agent }, (res) => {
        res.resume();
        res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`${res.statusCode}`))));
      });
      req.setTimeout(30_000, () => req.destroy(new Error("timed out")));
      req.on("error", reject);
    });
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        await get();
        times.push(performance.now() - started);
      } catch {
        failures++;
      }
      const wait = everyMs - (performance.now() - started);
      if (wait > 0) await sleep(wait);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      agent.destroy();
      return { times, failures };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Memory

/**
 * Watches a process's resident memory: the figure now, then a sample every `everyMs` and the
 * kernel's own peak counter (reset first, where we may) until `stop`.
 */
export function watchMemory(pid: number, everyMs = 20) {
  const baseline = readMemory(pid).rss;
  const kernelPeak = resetPeak(pid);
  let peak = baseline;
  let samples = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, readMemory(pid).rss);
      samples++;
    } catch {
      // the server is gone; the requests fail and say so
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const after = readMemory(pid);
      if (kernelPeak) peak = Math.max(peak, after.hwm);
      return {
        baselineRssMb: round(baseline / MB),
        peakRssMb: round(peak / MB),
        riseMb: round((peak - baseline) / MB),
        afterRssMb: round(after.rss / MB),
        samples,
        peakFromKernel: kernelPeak,
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The measurements

export interface BenchTarget {
  baseUrl: string;
  pid: number;
  dataDir: string;
  sql<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
}

export interface DocumentUploadResult {
  store: "local" | "s3";
  fileBytes: number;
  status: number;
  ok: boolean;
  message: string;
  ms: number;
  /** Bytes the store holds for the upload (the local file's size, or S3's Content-Length). */
  storedBytes: number | null;
  baselineRssMb: number;
  peakRssMb: number;
  /** The goal's figure: the highest RSS during the upload minus the RSS just before it. */
  riseMb: number;
  afterRssMb: number;
  samples: number;
  peakFromKernel: boolean;
}

/**
 * One document upload of `pdfPath` to the eLibrary, with the server's memory watched. A small PDF
 * goes first, unwatched, so the figure is not the first upload's one-off loading of code (the S3
 * client, the upload reader); both rows are removed afterwards (the files stay in the store).
 */
export async function measureDocumentUpload(
  target: BenchTarget,
  jar: CookieJar,
  pdfPath: string,
  store: DocumentUploadResult["store"],
  bucket?: { client: S3Client; name: string },
): Promise<DocumentUploadResult> {
  const url = `${target.baseUrl}/members/upload/save`;
  const warmUp = path.join(path.dirname(pdfPath), "bench-warm-up.pdf");
  writeBenchPdf(warmUp, 64 * 1024);
  const first = await postMultipart(
    url,
    jar,
    { category: "elibrary" },
    { field: "file", fileName: "bench-warm-up.pdf", type: "application/pdf", body: { path: warmUp } },
  );
  fs.rmSync(warmUp, { force: true });
  if (!first.ok) throw new Error(`The warm-up document upload answered ${first.status}: ${first.message}`);
  await sleep(1000);

  const fileBytes = fs.statSync(pdfPath).size;
  const memory = watchMemory(target.pid);
  const answer = await postMultipart(
    url,
    jar,
    { category: "elibrary" },
    { field: "file", fileName: "bench-big-document.pdf", type: "application/pdf", body: { path: pdfPath } },
  ).catch((error: unknown) => {
    memory.stop();
    throw error;
  });
  const watched = memory.stop();
  const [row] = await target.sql<{ path: string; size: number }>(
    "SELECT storage_object_path AS path, file_size::int AS size FROM documents WHERE file_name = $1 ORDER BY created_at DESC LIMIT 1",
    ["bench-big-document.pdf"],
  );
  let storedBytes: number | null = null;
  if (row) {
    try {
      storedBytes = bucket
        ? ((await bucket.client.send(new HeadObjectCommand({ Bucket: bucket.name, Key: row.path })))
            .ContentLength ?? null)
        : fs.statSync(path.join(target.dataDir, "uploads", row.path)).size;
    } catch {
      storedBytes = null;
    }
  }
  await target.sql(
    "DELETE FROM documents WHERE file_name IN ('bench-warm-up.pdf', 'bench-big-document.pdf')",
  );
  return {
    store,
    fileBytes,
    status: answer.status,
    ok: answer.ok,
    message: answer.message,
    ms: answer.ms,
    storedBytes,
    ...watched,
  };
}

export interface PhotoBurstResult {
  photos: number;
  photoKb: number;
  /** From the first upload sent to the last answer. */
  totalMs: number;
  uploads: UploadAnswer[];
  allSaved: boolean;
  /** Events saved with a picture of their own (two uploads given the same name would share one). */
  distinctPictures: number;
  baselineRssMb: number;
  peakRssMb: number;
  riseMb: number;
  afterRssMb: number;
  samples: number;
  peakFromKernel: boolean;
  /** /healthz asked every 50 ms during the burst, one request at a time. */
  healthz: { requests: number; failures: number; p50Ms: number; p99Ms: number; maxMs: number };
}

/** An event date a year ahead: upcoming, and far down the events page. */
export function benchEventDate() {
  return new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

function eventFields(title: string): Record<string, string> {
  return {
    intent: "create",
    title,
    eventDate: benchEventDate(),
    eventTime: "18:30",
    locationName: "Church hall",
    googleMapsUrl: "https://maps.google.com/?q=x",
  };
}

/** Creates one event with `photo` through the staff form; returns its id. */
export async function createPhotoEvent(
  target: BenchTarget,
  jar: CookieJar,
  photo: Buffer,
  title: string,
): Promise<{ id: string; answer: UploadAnswer }> {
  const answer = await postMultipart(`${target.baseUrl}/members/add-event/save`, jar, eventFields(title), {
    field: "image",
    fileName: "IMG_0001.jpg",
    type: "image/jpeg",
    body: photo,
  });
  if (!answer.ok) throw new Error(`The event upload answered ${answer.status}: ${answer.message}`);
  const [row] = await target.sql<{ id: string }>(
    "SELECT id FROM events WHERE title = $1 ORDER BY created_at DESC LIMIT 1",
    [title],
  );
  if (!row) throw new Error(`The event "${title}" was not saved.`);
  return { id: row.id, answer };
}

/**
 * `count` events with a phone photo each, all sent at once, while /healthz is asked every 50 ms
 * and the server's memory is sampled every 20 ms. The events are removed afterwards (their
 * pictures stay in the store).
 */
export async function measurePhotoBurst(
  target: BenchTarget,
  jar: CookieJar,
  photo: Buffer,
  count = BURST_PHOTOS,
): Promise<PhotoBurstResult> {
  const url = `${target.baseUrl}/members/add-event/save`;
  const poller = pollLatency(`${target.baseUrl}/healthz`, 50);
  await sleep(500); // a few answers from the quiet server first
  const memory = watchMemory(target.pid);
  const started = performance.now();
  const sent = Promise.all(
    Array.from({ length: count }, (_, i) =>
      postMultipart(url, jar, eventFields(`${BURST_TITLE} ${i + 1}`), {
        field: "image",
        fileName: `IMG_${String(i + 1).padStart(4, "0")}.jpg`,
        type: "image/jpeg",
        body: photo,
      }),
    ),
  );
  const settled = await sent.then(
    (answers) => ({ answers, error: null }),
    (error: unknown) => ({ answers: [] as UploadAnswer[], error }),
  );
  const totalMs = performance.now() - started;
  const watched = memory.stop();
  const polled = await poller.stop();
  if (settled.error) throw settled.error;
  const uploads = settled.answers;
  const [pictures] = await target.sql<{ n: number; distinct: number }>(
    `SELECT count(*)::int AS n, count(DISTINCT image_url)::int AS "distinct" FROM events WHERE title LIKE '${BURST_TITLE} %'`,
  );
  await target.sql(`DELETE FROM events WHERE title LIKE '${BURST_TITLE} %'`);
  return {
    photos: count,
    photoKb: round(photo.length / 1024),
    totalMs: round(totalMs),
    uploads,
    allSaved: uploads.every((upload) => upload.status === 200 && upload.ok) && pictures?.n === count,
    distinctPictures: pictures?.distinct ?? 0,
    ...watched,
    healthz: {
      requests: polled.times.length,
      failures: polled.failures,
      p50Ms: round(percentile(polled.times, 50)),
      p99Ms: round(percentile(polled.times, 99)),
      maxMs: round(Math.max(...polled.times)),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// S3

/**
 * An S3-compatible server (s3rver) on 127.0.0.1:`port` with one empty bucket, in this process, its
 * files in a throw-away folder; `env` is what the site needs to use it.
 */
export async function startS3(port: number, bucket = "church-bench") {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "church-bench-s3-"));
  const server = new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  return {
    bucket: { client, name: bucket },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    async stop() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
