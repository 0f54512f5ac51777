import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import tar from "tar-stream";

// A one-file backup is a gzipped tar (what `tar xzf` opens on any machine), written and read a
// file at a time through streams by tar-stream (ustar with pax headers for long names).

/** One entry of an archive being written: a file on disk, or bytes in memory (the manifest). */
export type TarSource = { name: string; file: string } | { name: string; bytes: Uint8Array };

/** Every file under `dir`, as archive names under `prefix` (folders first, then their files). */
export async function folderEntries(dir: string, prefix: string): Promise<TarSource[]> {
  const entries: TarSource[] = [];
  const walk = async (at: string, name: string) => {
    const children = await fsp.readdir(at, { withFileTypes: true });
    children.sort((a, b) => a.name.localeCompare(b.name));
    for (const child of children) {
      const childName = `${name}/${child.name}`;
      if (child.isDirectory()) await walk(path.join(at, child.name), childName);
      else if (child.isFile()) entries.push({ name: childName, file: path.join(at, child.name) });
    }
  };
  if (fs.existsSync(dir)) await walk(dir, prefix);
  return entries;
}

/** Adds one file to the archive, read from disk; resolves once tar-stream has taken all of it. */
function addFile(pack: tar.Pack, name: string, file: string, stat: fs.Stats): Promise<void> {
  return new Promise((resolve, reject) => {
    const header = { name, size: stat.size, mtime: stat.mtime, mode: 0o644 };
    const done = (error?: Error | null) => (error ? reject(error) : resolve());
    if (stat.size === 0) {
      pack.entry(header, Buffer.alloc(0), done);
      return;
    }
    const entry = pack.entry(header, done);
    // The read's error reaches the entry too (through pipe); it is reported once, by `reject`.
    entry.on("error", reject);
    // A file that grows while it is read: the archive keeps the size its header promised. One that
    // shrinks fails the entry (tar-stream checks the size).
    const read = fs.createReadStream(file, { end: stat.size - 1 });
    read.once("error", (error) => {
      // The read's own error is the one to report: the entry is ended only after it is.
      reject(error);
      setImmediate(() => entry.destroy());
    });
    read.pipe(entry as unknown as Writable);
  });
}

/** The gzipped tar of `sources`, produced as it is read (a file at a time, never whole in memory). */
export function tarGzStream(sources: TarSource[]): Readable {
  const pack = tar.pack();
  const gzip = zlib.createGzip();
  void (async () => {
    const now = new Date();
    for (const source of sources) {
      if ("bytes" in source) {
        pack.entry({ name: source.name, mtime: now, mode: 0o644 }, Buffer.from(source.bytes));
        continue;
      }
      let stat: fs.Stats;
      try {
        stat = await fsp.stat(source.file);
      } catch (error) {
        // An uploaded file deleted while the backup runs: the backup goes on without it.
        if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw error;
      }
      await addFile(pack, source.name, source.file, stat);
    }
    pack.finalize();
  })().catch((error: unknown) => gzip.destroy(error as Error));
  // pipe() passes neither an error forward nor a reader's going away back: do both.
  pack.on("error", (error: Error) => gzip.destroy(error));
  gzip.once("close", () => pack.destroy());
  return pack.pipe(gzip);
}

/**
 * Writes the gzipped tar of `sources` to `file` (through a temporary name, so no half file is
 * left), created with `mode` (its owner's alone by default: a backup holds every member).
 */
export async function writeTarGz(file: string, sources: TarSource[], mode = 0o600): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await pipeline(tarGzStream(sources), fs.createWriteStream(partial, { mode }));
    await fsp.rename(partial, file);
  } catch (error) {
    await fsp.rm(partial, { force: true });
    throw error;
  }
}

export class NotATarError extends Error {}

export interface TarEntry {
  name: string;
  type: "file" | "folder" | "other";
  size: number;
}

/** What tar-stream and zlib say about input that is not a gzipped tar, as NotATarError. */
function asTarError(error: Error): Error {
  if ((error as NodeJS.ErrnoException).code?.startsWith("Z_")) return new NotATarError("Not gzipped.");
  if (/^(Invalid tar header|Unexpected end of data)/.test(error.message))
    return new NotATarError(error.message);
  return error;
}

/**
 * Reads a gzipped tar entry by entry. `onEntry` gets each file's name and a stream of its bytes
 * (which it may consume, or return "skip" to pass it by, or "stop" to end the reading). Throws
 * NotATarError when the input is not one.
 */
export async function readTarGz(
  input: Readable,
  onEntry: (entry: TarEntry, body: Readable) => Promise<void | "skip" | "stop">,
): Promise<void> {
  const gunzip = zlib.createGunzip();
  const extract = tar.extract();
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      input.destroy();
      gunzip.destroy();
      extract.destroy();
      if (error) reject(asTarError(error));
      else resolve();
    };
    input.once("error", finish);
    gunzip.once("error", finish);
    extract.once("error", finish);
    extract.once("finish", () => finish());
    extract.on("entry", (header, stream, next) => {
      const type = header.type === "file" ? "file" : header.type === "directory" ? "folder" : "other";
      const body = Readable.from(stream as AsyncIterable<Buffer>, { objectMode: false });
      onEntry({ name: header.name, type, size: header.size ?? 0 }, body)
        .then(async (outcome) => {
          if (outcome === "stop") return finish();
          // What the caller left unread is read past, so the next entry can come.
          for await (const chunk of body) void chunk;
          next();
        })
        .catch(finish);
    });
    input.pipe(gunzip).pipe(extract as unknown as Writable);
  });
}

/** The archive name as a safe relative path (no "..", no absolute path), or null. */
export function safeEntryPath(name: string): string | null {
  const clean = name.replace(/^\.\//, "").replace(/\/+$/, "");
  if (!clean || clean.startsWith("/") || clean.includes("\\") || clean.includes("\0")) return null;
  const parts = clean.split("/");
  if (parts.some((part) => part === ".." || part === "." || part === "")) return null;
  return clean;
}

/** Copies a stream to a file (used while unpacking). */
export async function streamToFile(body: Readable, file: string): Promise<void> {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  await pipeline(body, fs.createWriteStream(file) as Writable);
}
