import zlib from "node:zlib";

// Reading the parts of an uploaded zip file (an Excel workbook is one) from memory, without
// trusting it. The central directory says what each part unpacks to, so a reader can refuse a
// "zip bomb" before inflating a byte; and a part that inflates to more than it said is cut off
// there, so a file that lies about its sizes cannot use more memory than its honest twin.

/** One part of a zip file, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (the only two an .xlsx uses). */
  method: number;
  crc32: number;
  compressedSize: number;
  /** What the part says it unpacks to: never more is inflated. */
  size: number;
  /** Where its compressed bytes start in the file. */
  dataStart: number;
}

/** A zip file that cannot be read: damaged, encrypted, or of a kind an .xlsx never is (ZIP64). */
export class ZipUnreadable extends Error {
  constructor(reason: string) {
    super(`The zip file cannot be read: ${reason}.`);
    this.name = "ZipUnreadable";
  }
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/**
 * The parts of a zip file, read from its central directory (at most `maxEntries` of them). Throws
 * ZipUnreadable when the directory is missing or damaged, or a part is encrypted or stored in a
 * way no spreadsheet program writes.
 */
export function readZipDirectory(bytes: Uint8Array, maxEntries: number): ZipEntry[] {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is the last 22 bytes, unless a comment (at most 65,535 bytes) follows it.
  let end = -1;
  for (let at = view.length - 22; at >= Math.max(0, view.length - 22 - 0xffff); at--) {
    if (view.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipUnreadable("no central directory");
  const count = view.readUInt16LE(end + 10);
  const directoryOffset = view.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new ZipUnreadable("ZIP64 is not supported");
  if (count > maxEntries) throw new ZipUnreadable(`more than ${maxEntries} parts`);
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || view.readUInt32LE(at) !== DIRECTORY_ENTRY) {
      throw new ZipUnreadable("a damaged central directory");
    }
    const flags = view.readUInt16LE(at + 8);
    const method = view.readUInt16LE(at + 10);
    const compressedSize = view.readUInt32LE(at + 20);
    const size = view.readUInt32LE(at + 24);
    const nameLength = view.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + view.readUInt16LE(at + 30) + view.readUInt16LE(at + 32);
    const headerOffset = view.readUInt32LE(at + 42);
    const name = view.toString("utf8", at + 46, at + 46 + nameLength);
    if (flags & 0x1) throw new ZipUnreadable("it is encrypted");
    if (method !== 0 && method !== 8) throw new ZipUnreadable(`an unknown compression (${method})`);
    if (compressedSize === 0xffffffff || size === 0xffffffff)
      throw new ZipUnreadable("ZIP64 is not supported");
    if (headerOffset + 30 > view.length || view.readUInt32LE(headerOffset) !== LOCAL_HEADER) {
      throw new ZipUnreadable(`a damaged part (${name})`);
    }
    const dataStart =
      headerOffset + 30 + view.readUInt16LE(headerOffset + 26) + view.readUInt16LE(headerOffset + 28);
    if (dataStart + compressedSize > view.length) throw new ZipUnreadable(`a cut-off part (${name})`);
    if (method === 0 && compressedSize !== size) throw new ZipUnreadable(`a damaged part (${name})`);
    entries.push({ name, method, crc32: view.readUInt32LE(at + 16), compressedSize, size, dataStart });
    at = next;
  }
  return entries;
}

/**
 * The unpacked bytes of one part, a chunk at a time (inflated only as fast as they are read), and
 * exactly as many as the part says it holds: a part that inflates to more is refused at that
 * byte, one that holds less at its end. Throws ZipUnreadable.
 */
export async function* inflateZipEntry(bytes: Uint8Array, entry: ZipEntry): AsyncGenerator<Buffer> {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset + entry.dataStart, entry.compressedSize);
  if (entry.method === 0) {
    if (data.length > 0) yield data;
    return;
  }
  const inflater = zlib.createInflateRaw();
  inflater.end(data);
  let produced = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      produced += chunk.length;
      if (produced > entry.size) throw new ZipUnreadable(`${entry.name} unpacks to more than it says`);
      yield chunk;
    }
  } catch (error) {
    if (error instanceof ZipUnreadable) throw error;
    throw new ZipUnreadable(`${entry.name} is damaged`);
  } finally {
    inflater.destroy();
  }
  if (produced !== entry.size) throw new ZipUnreadable(`${entry.name} unpacks to less than it says`);
}

/** A whole (small) part as text; its size counts against the caller's limit like any other. */
export async function inflateZipText(bytes: Uint8Array, entry: ZipEntry): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of inflateZipEntry(bytes, entry)) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A new zip stream of the given parts, in the given order, each stored (not compressed) under its
 * name with its declared size: what a streaming zip reader can parse one part after the other.
 * The bytes come from `inflateZipEntry`, so no part holds more than it declared; an error there
 * ends the stream early, and the caller learns why from `failed`.
 */
export function storedZipStream(
  bytes: Uint8Array,
  parts: { name: string; entry: ZipEntry | { text: string } }[],
): { chunks: AsyncGenerator<Buffer>; failed: Promise<never> } {
  let fail: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  // Nobody may be listening when it fails; the reader of the stream is told through its end.
  failed.catch(() => {});
  async function* chunks(): AsyncGenerator<Buffer> {
    try {
      for (const { name, entry } of parts) {
        const text = "text" in entry ? Buffer.from(entry.text) : null;
        const size = text ? text.length : (entry as ZipEntry).size;
        const crc = text ? zlib.crc32(text) : (entry as ZipEntry).crc32;
        yield localHeader(name, size, crc);
        if (text) yield text;
        else yield* inflateZipEntry(bytes, entry as ZipEntry);
      }
      yield endOfDirectory();
    } catch (error) {
      fail(error);
    }
  }
  return { chunks: chunks(), failed };
}

function localHeader(name: string, size: number, crc: number): Buffer {
  const nameBytes = Buffer.from(name, "utf8");
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(20, 4); // version needed: 2.0
  header.writeUInt16LE(0x800, 6); // names in UTF-8
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt32LE(crc >>> 0, 14);
  header.writeUInt32LE(size, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(nameBytes.length, 26);
  return Buffer.concat([header, nameBytes]);
}

function endOfDirectory(): Buffer {
  const record = Buffer.alloc(22);
  record.writeUInt32LE(END_OF_DIRECTORY, 0);
  return record;
}
