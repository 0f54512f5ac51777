import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";

// A one-file backup is a gzipped tar (what `tar xzf` opens on any machine). The format is simple
// enough to write and read here, a file at a time through streams, without a dependency: 512-byte
// headers (ustar, with a pax header for a path longer than ustar holds), the file padded to 512.

const BLOCK = 512;

/** One entry of an archive being written: a file on disk, or bytes in memory (the manifest). */
export type TarSource = { name: string; file: string } | { name: string; bytes: Uint8Array };

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

function header(name: string, size: number, type: "0" | "5" | "x", mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name.slice(0, 100), 0, "utf8");
  block.write(octal(type === "5" ? 0o755 : 0o644, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(Math.floor(mtime / 1000), 12), 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write(type, 156, "ascii");
  block.write("ustar\0" + "00", 257, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + " ", 148, "ascii");
  return block;
}

/** A pax record ("<length> path=<name>\n", the length counting itself). */
function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return Buffer.from(`${length}${body}`);
}

function headersFor(name: string, size: number, type: "0" | "5", mtime: number): Buffer[] {
  if (Buffer.byteLength(name) <= 100) return [header(name, size, type, mtime)];
  const pax = paxRecord("path", name);
  return [header("PaxHeader", pax.length, "x", mtime), padded(pax), header(name, size, type, mtime)];
}

function padded(bytes: Buffer): Buffer {
  const rest = bytes.length % BLOCK;
  return rest === 0 ? bytes : Buffer.concat([bytes, Buffer.alloc(BLOCK - rest)]);
}

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

/** The gzipped tar of `sources`, produced as it is read (a file at a time, never whole in memory). */
export function tarGzStream(sources: TarSource[]): Readable {
  async function* blocks() {
    const now = Date.now();
    for (const source of sources) {
      if ("bytes" in source) {
        yield* headersFor(source.name, source.bytes.length, "0", now);
        yield padded(Buffer.from(source.bytes));
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
      yield* headersFor(source.name, stat.size, "0", stat.mtimeMs);
      let written = 0;
      for await (const chunk of fs.createReadStream(source.file) as AsyncIterable<Buffer>) {
        // A file that grew while it was read: the archive keeps the size its header promised.
        const room = stat.size - written;
        if (room <= 0) break;
        const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
        written += part.length;
        yield part;
      }
      if (written < stat.size) throw new Error(`${source.file} shrank while it was being archived.`);
      if (stat.size % BLOCK) yield Buffer.alloc(BLOCK - (stat.size % BLOCK));
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  const tar = Readable.from(blocks());
  const gzip = zlib.createGzip();
  // pipe() passes neither an error forward nor a reader's going away back: do both.
  tar.once("error", (error) => gzip.destroy(error));
  gzip.once("close", () => tar.destroy());
  return tar.pipe(gzip);
}

/** Writes the gzipped tar of `sources` to `file` (through a temporary name, so no half file is left). */
export async function writeTarGz(file: string, sources: TarSource[]): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await pipeline(tarGzStream(sources), fs.createWriteStream(partial));
    await fsp.rename(partial, file);
  } catch (error) {
    await fsp.rm(partial, { force: true });
    throw error;
  }
}

export class NotATarError extends Error {}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = block
    .toString("ascii", offset, offset + length)
    .replace(/\0.*$/s, "")
    .trim();
  if (text && !/^[0-7]+$/.test(text)) throw new NotATarError("Not a tar archive.");
  return text ? parseInt(text, 8) : 0;
}

function checksumOk(block: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  return sum === readOctal(block, 148, 8);
}

export interface TarEntry {
  name: string;
  type: "file" | "folder" | "other";
  size: number;
}

/**
 * Reads a gzipped tar entry by entry. `onEntry` gets each file's name and a stream of its bytes
 * (which it must consume, or return "skip"). Throws NotATarError when the input is not one.
 */
export async function readTarGz(
  input: Readable,
  onEntry: (entry: TarEntry, body: Readable) => Promise<void | "skip" | "stop">,
): Promise<void> {
  const gunzip = zlib.createGunzip();
  const source = input.pipe(gunzip);
  input.on("error", (error) => gunzip.destroy(error));
  let buffer: Buffer = Buffer.alloc(0);
  const iterator = (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let ended = false;
  async function fill(bytes: number): Promise<boolean> {
    while (buffer.length < bytes && !ended) {
      let next: IteratorResult<Buffer>;
      try {
        next = await iterator.next();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code?.startsWith("Z_")) throw new NotATarError("Not gzipped.");
        throw error;
      }
      if (next.done) ended = true;
      else buffer = buffer.length ? Buffer.concat([buffer, next.value]) : next.value;
    }
    return buffer.length >= bytes;
  }
  function take(bytes: number): Buffer {
    const part = buffer.subarray(0, bytes);
    buffer = buffer.subarray(bytes);
    return part;
  }
  let longName: string | undefined;
  try {
    for (;;) {
      if (!(await fill(BLOCK))) {
        if (buffer.length === 0) return; // ended without the closing blocks: tolerated
        throw new NotATarError("The archive ends in the middle.");
      }
      const block = take(BLOCK);
      if (block.every((byte) => byte === 0)) return;
      if (!checksumOk(block)) throw new NotATarError("Not a tar archive.");
      const size = readOctal(block, 124, 12);
      const flag = String.fromCharCode(block[156]!);
      const prefix = block.toString("utf8", 345, 500).replace(/\0.*$/s, "");
      const rawName = block.toString("utf8", 0, 100).replace(/\0.*$/s, "");
      const padding = (BLOCK - (size % BLOCK)) % BLOCK;
      if (flag === "x" || flag === "L") {
        if (!(await fill(size + padding))) throw new NotATarError("The archive ends in the middle.");
        const body = take(size + padding)
          .subarray(0, size)
          .toString("utf8");
        longName =
          flag === "L"
            ? body.replace(/\0.*$/s, "")
            : (/(?:^|\n)\d+ path=([^\n]*)\n/.exec(body)?.[1] ?? longName);
        continue;
      }
      const name = longName ?? (prefix ? `${prefix}/${rawName}` : rawName);
      longName = undefined;
      const type = flag === "0" || flag === "\0" ? "file" : flag === "5" ? "folder" : "other";
      let remaining = size;
      const body = Readable.from(
        (async function* () {
          while (remaining > 0) {
            if (!(await fill(1))) throw new NotATarError("The archive ends in the middle.");
            const part = take(Math.min(remaining, buffer.length));
            remaining -= part.length;
            yield part;
          }
        })(),
      );
      const outcome = await onEntry({ name, type, size }, body);
      if (outcome === "stop") return;
      if (remaining > 0) for await (const chunk of body) void chunk;
      if (!(await fill(padding))) throw new NotATarError("The archive ends in the middle.");
      take(padding);
    }
  } finally {
    gunzip.destroy();
    input.destroy();
  }
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
