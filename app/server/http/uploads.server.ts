import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { fileTypeFromBuffer } from "file-type";
import type { FocalPoint } from "~/lib/image-focus";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from "~/lib/uploads";
import { cleanDocumentImage, prepareImage, storePreparedImage } from "../platform/images.server";
import { services } from "../platform/services.server";
import { AppError } from "./errors.server";
import { loggableError } from "../platform/db-errors.server";

export type UploadKind = "document" | "image" | "audio";

interface AllowedType {
  /** What file-type reports for the content. */
  detected: string;
  /** Extensions a file of that content may carry. */
  extensions: string[];
  mime: string;
}

// Checked against the file's content (its first bytes), never only its name.
const IMAGE_TYPES: AllowedType[] = [
  { detected: "jpg", extensions: ["jpg", "jpeg"], mime: "image/jpeg" },
  { detected: "png", extensions: ["png"], mime: "image/png" },
  { detected: "gif", extensions: ["gif"], mime: "image/gif" },
  { detected: "webp", extensions: ["webp"], mime: "image/webp" },
];

const DOCUMENT_TYPES: AllowedType[] = [
  { detected: "pdf", extensions: ["pdf"], mime: "application/pdf" },
  {
    detected: "docx",
    extensions: ["docx"],
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  {
    detected: "pptx",
    extensions: ["pptx"],
    mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  },
  {
    detected: "xlsx",
    extensions: ["xlsx"],
    mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  },
  // Old PowerPoint files are OLE compound documents.
  { detected: "cfb", extensions: ["ppt"], mime: "application/vnd.ms-powerpoint" },
  { detected: "png", extensions: ["png"], mime: "image/png" },
  { detected: "jpg", extensions: ["jpg", "jpeg"], mime: "image/jpeg" },
];

// Sermon recordings. An AAC recording saved as .m4a is reported as "m4a" when its brand says so
// (iTunes, ffmpeg) and as a plain "mp4" when the recorder wrote a generic brand (isom, mp42):
// that is taken only under an .m4a name, so a video is not kept as a recording.
const AUDIO_TYPES: AllowedType[] = [
  { detected: "mp3", extensions: ["mp3"], mime: "audio/mpeg" },
  { detected: "m4a", extensions: ["m4a"], mime: "audio/mp4" },
  { detected: "mp4", extensions: ["m4a"], mime: "audio/mp4" },
];

const ALLOWED_TYPES: Record<UploadKind, AllowedType[]> = {
  document: DOCUMENT_TYPES,
  image: IMAGE_TYPES,
  audio: AUDIO_TYPES,
};

/** Types taken only when the file's name says so too (the content alone is not enough). */
const NAME_MUST_AGREE = new Set(["cfb", "mp4"]);

export const ALLOWED_HINT: Record<UploadKind, string> = {
  document: "PDF, DOCX, PPT, PPTX, XLSX, PNG or JPG",
  image: "JPG, PNG, GIF or WEBP",
  audio: "MP3 or M4A",
};

/** The largest file of a kind, in bytes, and how to say it. */
export function uploadLimit(kind: UploadKind): { bytes: number; label: string } {
  if (kind === "image") return { bytes: MAX_UPLOAD_BYTES, label: MAX_UPLOAD_LABEL };
  const { env } = services();
  const megabytes = kind === "audio" ? env.MAX_AUDIO_MB : env.MAX_DOCUMENT_MB;
  return { bytes: megabytes * 1024 * 1024, label: `${megabytes}MB` };
}

/** How many bytes file-type needs to recognise every type we take. */
const SNIFF_BYTES = 4100;
/** Room for the form's other fields and the multipart framing. */
const FORM_ALLOWANCE = 64 * 1024;

export interface ReceivedFile {
  /** Where the upload waits on disk until it is stored (removed by `readUploadForm`'s caller). */
  tempPath: string;
  /** The visitor's file name, kept for display and downloads only (never used as a path). */
  originalName: string;
  /** The extension we store it under, from the detected content. */
  extension: string;
  mime: string;
  size: number;
}

export interface UploadForm {
  form: FormData;
  file: ReceivedFile | null;
}

const tooLarge = (label: string) =>
  new AppError(`The file is too large. Files can be at most ${label}.`, 413);

/**
 * Reads a multipart form with at most one file and hands it to `use`. The file streams to a
 * temporary file on disk (never into memory), its content is checked against the allowed types
 * from its first bytes, and anything over the size limit is refused while it streams in. The
 * temporary file is gone when `use` returns or throws.
 */
export async function withUploadForm<T>(
  request: Request,
  fileField: string,
  kind: UploadKind,
  use: (upload: UploadForm) => Promise<T>,
): Promise<T> {
  const limit = uploadLimit(kind);
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > limit.bytes + FORM_ALLOWANCE) {
    discardInBackground(request.body);
    throw tooLarge(limit.label);
  }
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) {
    throw new AppError("The upload could not be read. Please try again.", 400);
  }
  const folder = await fsp.mkdtemp(path.join(os.tmpdir(), "church-upload-"));
  try {
    const upload = await receive(request.body, contentType, fileField, kind, limit, folder);
    return await use(upload);
  } finally {
    await fsp.rm(folder, { recursive: true, force: true });
  }
}

/** How much of a refused upload is read and dropped, and for how long, before the connection is cut. */
const DISCARD_LIMIT = { bytes: 1024 * 1024 * 1024, ms: 60_000 };

/**
 * Reads and drops the rest of a request refused before its body was read. A browser sends the
 * whole body before it reads the answer; a body nobody reads fills the connection's buffers and
 * the browser waits forever instead of showing the refusal. Past a bound the connection is cut.
 */
function discardInBackground(body: ReadableStream<Uint8Array> | null) {
  if (!body || body.locked) return;
  const reader = body.getReader();
  const started = Date.now();
  void (async () => {
    let read = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > DISCARD_LIMIT.bytes || Date.now() - started > DISCARD_LIMIT.ms) return reader.cancel();
    }
  })().catch(() => {});
}

function receive(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  fileField: string,
  kind: UploadKind,
  limit: { bytes: number; label: string },
  folder: string,
): Promise<UploadForm> {
  return new Promise<UploadForm>((resolve, reject) => {
    const form = new FormData();
    let file: ReceivedFile | null = null;
    let failure: AppError | null = null;
    const pending: Promise<void>[] = [];
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        // One byte over the limit, so a file of exactly the limit is taken (busboy reports the
        // limit when it is reached).
        limits: { files: 1, fileSize: limit.bytes + 1, fields: 50, fieldSize: FORM_ALLOWANCE, parts: 51 },
      });
    } catch {
      reject(new AppError("The upload could not be read. Please try again.", 400));
      return;
    }
    const fail = (error: AppError) => {
      failure ??= error;
    };
    parser.on("field", (name, value) => form.append(name, value));
    parser.on("file", (name, stream, info) => {
      // A form that ends inside a file makes busboy fail that file's stream as well as the form;
      // the form's error is the one answered.
      stream.on("error", () => {});
      if (name !== fileField || failure) {
        stream.resume();
        return;
      }
      pending.push(
        keepFile(stream, info.filename ?? "", kind, folder).then(
          (received) => {
            if (received && received.size > limit.bytes) fail(tooLarge(limit.label));
            else file = received;
          },
          (error: unknown) => {
            fail(
              error instanceof AppError
                ? error
                : new AppError("The upload could not be read. Please try again.", 400),
            );
          },
        ),
      );
      stream.on("limit", () => fail(tooLarge(limit.label)));
    });
    parser.on("filesLimit", () => fail(new AppError("Please send one file at a time.", 400)));
    parser.on("partsLimit", () => fail(new AppError("Please send one file at a time.", 400)));
    parser.on("fieldsLimit", () => fail(new AppError("The form has too many fields.", 400)));
    parser.on("error", () => {
      reject(failure ?? new AppError("The upload could not be read. Please try again.", 400));
    });
    parser.on("close", () => {
      void Promise.all(pending).then(() => {
        if (failure) reject(failure);
        else resolve({ form, file });
      });
    });
    Readable.fromWeb(body as WebReadableStream<Uint8Array>)
      .on("error", () => parser.destroy(new Error("The request ended early")))
      .pipe(parser);
  });
}

/**
 * Writes one file part to disk, refusing it from its first bytes when its content is not of an
 * allowed type. Resolves null when no file was chosen (an empty part).
 */
async function keepFile(
  stream: Readable,
  fileName: string,
  kind: UploadKind,
  folder: string,
): Promise<ReceivedFile | null> {
  const tempPath = path.join(folder, "upload");
  let size = 0;
  let head = Buffer.alloc(0);
  let checked: AllowedType | null = null;
  const nameExtension = path.extname(fileName).slice(1).toLowerCase();
  const check = async () => {
    const detected = await fileTypeFromBuffer(head);
    const allowed = ALLOWED_TYPES[kind].find(
      (type) =>
        type.detected === detected?.ext &&
        (!NAME_MUST_AGREE.has(type.detected) || type.extensions.includes(nameExtension)),
    );
    if (!allowed) {
      throw new AppError(
        `This type of file is not accepted. Please choose a ${ALLOWED_HINT[kind]} file.`,
        415,
      );
    }
    return allowed;
  };
  try {
    await pipeline(
      stream,
      async function* (chunks: AsyncIterable<Buffer>) {
        for await (const chunk of chunks) {
          size += chunk.length;
          if (!checked) {
            head = Buffer.concat([head, chunk]);
            if (head.length < SNIFF_BYTES) continue;
            checked = await check();
            yield head;
            continue;
          }
          yield chunk;
        }
        if (!checked && head.length > 0) {
          checked = await check();
          yield head;
        }
      },
      fs.createWriteStream(tempPath),
    );
  } catch (error) {
    // Read the rest of the part so the form's other fields still arrive.
    stream.resume();
    throw error;
  }
  if (size === 0 || !checked) return null;
  const allowed: AllowedType = checked;
  const extension = allowed.extensions.includes(nameExtension) ? nameExtension : allowed.extensions[0]!;
  return { tempPath, originalName: cleanFileName(fileName, extension), extension, mime: allowed.mime, size };
}

/** A file name safe to show and to offer in a download: no folders, no control characters. */
export function cleanFileName(name: string, extension: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/[\p{Cc}"<>|:*?]/gu, "")
    .trim()
    .slice(0, 200);
  return cleaned && cleaned !== "." && cleaned !== ".." ? cleaned : `file.${extension}`;
}

/** Names handed out by this process and not yet stored (two uploads in one millisecond). */
const reserved = new Set<string>();

/** A time-stamped name nobody has: not in the store, not being stored by this process. */
async function freshName(prefix: string, extension: string) {
  const { storage } = services();
  let stamp = Date.now();
  let name = `${prefix}${stamp}${extension}`;
  while (reserved.has(name) || (await storage.exists(name))) name = `${prefix}${++stamp}${extension}`;
  reserved.add(name);
  return { name, release: () => reserved.delete(name) };
}

/**
 * Stores an uploaded picture as its upright, metadata-free copies under a fresh time-stamped name
 * (`{prefix}{time stamp}_{w}x{h}.{ext}` and the narrower copies), runs `record` (the database
 * write) with the main copy's name and address and the picture's focal point, and removes every
 * copy again if `record` fails.
 */
export async function storeImageWithRecord<T>(
  file: ReceivedFile,
  prefix: string,
  record: (objectName: string, publicUrl: string, focus: FocalPoint) => Promise<T>,
): Promise<T> {
  // A picture's files are named `{base}_{w}x{h}...`, so the store cannot tell whether a bare base
  // is taken: a random part keeps pictures uploaded at the same moment (on any server) apart.
  const base = `${prefix}${Date.now()}-${crypto.randomBytes(3).toString("hex")}`;
  const prepared = await prepareImage(file.tempPath, base);
  return storePreparedImage(services().storage, prepared, record);
}

/**
 * Stores a document or a sermon recording under a fresh time-stamped name
 * (`{prefix}{time stamp}.{ext}`), streamed from disk (a picture kept as a document is stored
 * upright and without metadata instead), runs `record`, and removes the file again if `record`
 * fails: file and row succeed or fail together.
 */
export async function storeDocumentWithRecord<T>(
  file: ReceivedFile,
  prefix: string,
  record: (objectName: string, publicUrl: string, size: number) => Promise<T>,
): Promise<T> {
  const { storage } = services();
  const { name: objectName, release } = await freshName(prefix, `.${file.extension}`);
  let size = file.size;
  try {
    if (file.mime.startsWith("image/")) {
      const cleaned = await cleanDocumentImage(file.tempPath, file.extension);
      size = cleaned.byteLength;
      await storage.put(objectName, cleaned);
    } else {
      await storage.put(objectName, fs.createReadStream(file.tempPath), file.size);
    }
  } finally {
    release();
  }
  try {
    return await record(objectName, storage.publicUrl(objectName), size);
  } catch (error) {
    await storage.delete(objectName).catch((cleanupError: unknown) => {
      console.error(
        `Could not remove ${objectName} after a failed database write:`,
        loggableError(cleanupError),
      );
    });
    throw error;
  }
}
