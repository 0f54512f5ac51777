import sharp, { type Metadata, type OutputInfo, type Sharp } from "sharp";
import { CENTRE, type FocalPoint } from "~/lib/image-focus";
import {
  MAX_IMAGE_WIDTH,
  mainObjectName,
  parseVariantSet,
  variantObjectNames,
  type FallbackFormat,
  type VariantSet,
} from "~/lib/image-variants";
import { AppError } from "./app-error.server";
import type { FileStore } from "./storage.server";
import { loggableError } from "./db-errors.server";

// Every uploaded picture passes through here between the upload reader and the store: decoded
// and checked, turned upright from its EXIF orientation, stripped of all metadata (EXIF with GPS,
// XMP, IPTC, comments: sharp writes none unless asked to), and kept as copies at a few widths in
// WebP with a JPEG or PNG fallback. The upload itself is never stored.

/** The largest picture accepted, in pixels (a 50 megapixel camera's full frame). */
export const MAX_IMAGE_PIXELS = 50_000_000;

// libvips keeps recent operations in a cache: uploads are one-offs, so that would only hold
// memory. One thread per picture leaves the other core to answer requests.
sharp.cache(false);
sharp.concurrency(1);

/** At most this many pictures are decoded at once; the rest wait their turn (memory stays flat). */
const IMAGE_JOBS = 1;
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= IMAGE_JOBS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const NOT_A_PICTURE = "This file is not a picture we can read. Please choose a JPG, PNG, GIF or WEBP photo.";
const TOO_MANY_PIXELS = "This picture is too large: at most 50 megapixels. Please choose a smaller photo.";

type Input = string | Buffer;

interface Checked {
  format: "jpeg" | "png" | "webp" | "gif";
  /** Width and height once turned upright. */
  width: number;
  height: number;
  hasAlpha: boolean;
}

/** Reads the picture's header: refuses what is not a picture we take, or is too large. */
async function check(input: Input): Promise<Checked> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(NOT_A_PICTURE, 415);
  }
  const format = meta.format;
  if (format !== "jpeg" && format !== "png" && format !== "webp" && format !== "gif") {
    throw new AppError(NOT_A_PICTURE, 415);
  }
  // An animated picture's height is every frame's together; one frame is what we keep.
  const frameHeight = meta.pageHeight ?? meta.height;
  if (!meta.width || !frameHeight) throw new AppError(NOT_A_PICTURE, 415);
  if (meta.width * frameHeight > MAX_IMAGE_PIXELS) throw new AppError(TOO_MANY_PIXELS, 413);
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    format,
    width: turned ? frameHeight : meta.width,
    height: turned ? meta.width : frameHeight,
    hasAlpha: Boolean(meta.hasAlpha),
  };
}

/** Decodes the whole picture once (an unreadable or cut-off file fails here, not later). */
function decode(input: Input) {
  // `failOn: "error"` refuses truncated files instead of keeping a grey half.
  return sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", animated: false }).autoOrient();
}

function encode(image: Sharp, format: "webp" | FallbackFormat): Promise<Buffer> {
  switch (format) {
    case "webp":
      return image.webp({ quality: 75, effort: 4 }).toBuffer();
    case "png":
      return image.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
    case "jpg":
      return image.jpeg({ quality: 80, progressive: true, mozjpeg: true }).toBuffer();
  }
}

export interface PreparedImage {
  set: VariantSet;
  /** Every copy to store, the main (fallback, full width) one first. */
  files: { name: string; body: Buffer }[];
  /** Where the eye goes in the picture: the point a crop to another shape keeps in view. */
  focus: FocalPoint;
}

/** The focal point is looked for on a copy this wide: plenty for where the faces are, and quick. */
const FOCUS_WIDTH = 400;

type RawPixels = { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };

/**
 * The picture's focal point by libvips' attention strategy (busy detail, strong colour and skin
 * tones), in percent. The picture is cropped to a shape it does not have (an oblong to a square, a
 * square to a wide strip) with one side kept whole, so the crop reports its attention point in the
 * picture's own pixels along both sides.
 */
async function findFocus(pixels: RawPixels): Promise<FocalPoint> {
  const small = await sharp(pixels.data, { raw: pixels.info })
    .resize({ width: Math.min(pixels.info.width, FOCUS_WIDTH) })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = small.info;
  const side = Math.min(width, height);
  const crop =
    width === height
      ? { width, height: Math.max(1, Math.round((height * 9) / 16)) }
      : { width: side, height: side };
  const { info } = await sharp(small.data, { raw: { width, height, channels } })
    .resize({ ...crop, fit: "cover", position: sharp.strategy.attention })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // libvips answers the first pixel when nothing stands out (a plain picture): keep the middle.
  if (!info.attentionX && !info.attentionY) return CENTRE;
  if (info.attentionX === undefined || info.attentionY === undefined) return CENTRE;
  const percent = (value: number, of: number) => Math.min(100, Math.max(0, Math.round((value * 100) / of)));
  return { x: percent(info.attentionX, width), y: percent(info.attentionY, height) };
}

/** Makes the copies of one uploaded picture, to be kept under `base` (no extension). */
export function prepareImage(input: Input, base: string): Promise<PreparedImage> {
  return inTurn(async () => {
    const picture = await check(input);
    const width = Math.min(picture.width, MAX_IMAGE_WIDTH);
    const height = Math.max(1, Math.round((picture.height * width) / picture.width));
    const fallback: FallbackFormat =
      picture.hasAlpha || picture.format === "png" || picture.format === "gif" ? "png" : "jpg";
    const set: VariantSet = { base, width, height, fallback };

    // Decode, turn and scale once to the widest copy, in sRGB with 8 bits a channel; every copy is
    // made from those pixels, which carry no metadata at all.
    let pixels: { data: Buffer; info: OutputInfo };
    try {
      pixels = await decode(input)
        .resize({ width, height, fit: "fill" })
        .toColourspace("srgb")
        .raw({ depth: "uchar" })
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw new AppError(NOT_A_PICTURE, 415);
    }
    const raw = { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels };
    const files: PreparedImage["files"] = [];
    for (const copy of variantObjectNames(set)) {
      let image = sharp(pixels.data, { raw });
      if (copy.width < width) image = image.resize({ width: copy.width });
      files.push({ name: copy.name, body: await encode(image, copy.format) });
    }
    return { set, files, focus: await findFocus({ data: pixels.data, info: raw }) };
  });
}

/** A picture fetched from another site is at most this large (a video's picture is 20-40 KB). */
const MAX_FETCHED_BYTES = 2 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 5000;

/**
 * A picture from another site (a video's picture), fetched once and made into copies like an
 * upload, to be kept under `base`. Null when it cannot be had: no answer within five seconds, an
 * answer that is not a picture, or one over 2 MB. The reason is logged; the caller goes on without.
 */
export async function fetchPicture(url: string, base: string): Promise<PreparedImage | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok || !response.body) throw new Error(`answered ${response.status}`);
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      size += part.value.byteLength;
      if (size > MAX_FETCHED_BYTES) {
        await reader.cancel();
        throw new Error("more than 2 MB");
      }
      chunks.push(part.value);
    }
    return await prepareImage(Buffer.concat(chunks), base);
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    const reason = error instanceof Error ? `${error.message}${cause}` : String(error);
    console.warn(`The picture at ${url} could not be fetched (${reason}); going on without it.`);
    return null;
  }
}

/** The focal point of a picture already kept (the main copy of a stored picture, say). */
export function focusOfPicture(input: Input): Promise<FocalPoint> {
  return inTurn(async () => {
    await check(input);
    let pixels: { data: Buffer; info: OutputInfo };
    try {
      pixels = await decode(input)
        .resize({ width: FOCUS_WIDTH, withoutEnlargement: true })
        .toColourspace("srgb")
        .raw({ depth: "uchar" })
        .toBuffer({ resolveWithObject: true });
    } catch {
      throw new AppError(NOT_A_PICTURE, 415);
    }
    const { width, height, channels } = pixels.info;
    return findFocus({ data: pixels.data, info: { width, height, channels } });
  });
}

/**
 * A picture kept as a document (the eLibrary's PNG and JPG files): the same picture at its own
 * size and format, upright, without metadata.
 */
export function cleanDocumentImage(input: Input, extension: string): Promise<Buffer> {
  return inTurn(async () => {
    await check(input);
    try {
      const image = decode(input);
      return extension === "png"
        ? await image.png({ compressionLevel: 9 }).toBuffer()
        : await image.jpeg({ quality: 90, progressive: true, mozjpeg: true }).toBuffer();
    } catch {
      throw new AppError(NOT_A_PICTURE, 415);
    }
  });
}

/**
 * Stores every copy of a prepared picture, then runs `record` (the database write) with the main
 * copy's name and address and the picture's focal point; if storing or `record` fails, every copy
 * is removed again.
 */
export async function storePreparedImage<T>(
  storage: FileStore,
  prepared: PreparedImage,
  record: (objectName: string, publicUrl: string, focus: FocalPoint) => Promise<T>,
): Promise<T> {
  const stored: string[] = [];
  try {
    for (const file of prepared.files) {
      await storage.put(file.name, file.body);
      stored.push(file.name);
    }
    const main = mainObjectName(prepared.set);
    return await record(main, storage.publicUrl(main), prepared.focus);
  } catch (error) {
    for (const name of stored) {
      await storage.delete(name).catch((cleanupError: unknown) => {
        console.error(`Could not remove ${name} after a failed save:`, loggableError(cleanupError));
      });
    }
    throw error;
  }
}

/** Every object behind a stored name: a picture's copies, or just the one file. */
export function objectsOf(objectName: string): string[] {
  const set = parseVariantSet(objectName);
  if (!set) return [objectName];
  return variantObjectNames(set).map((copy) => copy.name);
}

/** Removes a stored file, with every copy when it is a picture. */
export async function removeStoredFile(storage: FileStore, objectName: string): Promise<void> {
  for (const name of objectsOf(objectName)) await storage.delete(name);
}
