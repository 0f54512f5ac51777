import path from "node:path";
import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from "@remix-run/form-data-parser";
import { fileTypeFromBuffer } from "file-type";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from "~/lib/uploads";
import { services } from "../platform/services.server";
import { AppError } from "./errors.server";

export type UploadKind = "document" | "image";

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

export const ALLOWED_HINT: Record<UploadKind, string> = {
  document: "PDF, DOCX, PPT, PPTX, XLSX, PNG or JPG",
  image: "JPG, PNG, GIF or WEBP",
};

export interface CheckedFile {
  bytes: Uint8Array;
  /** The visitor's file name, kept for display and downloads only (never used as a path). */
  originalName: string;
  /** The extension we store it under, from the detected content. */
  extension: string;
  mime: string;
  size: number;
}

/**
 * Reads a multipart form with at most one file, refusing anything over the size limit while it
 * streams in (the rest of the body is never buffered), then checks the file's content against the
 * allowed types for `kind`. Returns the other fields and the checked file (null when none chosen).
 */
export async function readUploadForm(
  request: Request,
  fileField: string,
  kind: UploadKind,
): Promise<{ form: FormData; file: CheckedFile | null }> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_UPLOAD_BYTES + 64 * 1024) {
    throw new AppError(`The file is too large. Files can be at most ${MAX_UPLOAD_LABEL}.`, 413);
  }
  let form: FormData;
  try {
    form = await parseFormData(request, {
      maxFiles: 1,
      maxFileSize: MAX_UPLOAD_BYTES,
      maxTotalSize: MAX_UPLOAD_BYTES + 64 * 1024,
      maxParts: 50,
    });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      throw new AppError(`The file is too large. Files can be at most ${MAX_UPLOAD_LABEL}.`, 413);
    }
    if (error instanceof MaxFilesExceededError || error instanceof MaxPartsExceededError) {
      throw new AppError("Please send one file at a time.", 400);
    }
    if (error instanceof FormDataParseError || error instanceof TypeError) {
      throw new AppError("The upload could not be read. Please try again.", 400);
    }
    throw error;
  }
  const entry = form.get(fileField);
  if (!(entry instanceof File) || entry.size === 0) return { form, file: null };

  const bytes = new Uint8Array(await entry.arrayBuffer());
  const detected = await fileTypeFromBuffer(bytes);
  const nameExtension = path.extname(entry.name).slice(1).toLowerCase();
  const allowed = (kind === "image" ? IMAGE_TYPES : DOCUMENT_TYPES).find(
    (type) => type.detected === detected?.ext && (type.detected !== "cfb" || nameExtension === "ppt"),
  );
  if (!allowed) {
    throw new AppError(`This type of file is not accepted. Please choose a ${ALLOWED_HINT[kind]} file.`, 415);
  }
  const extension = allowed.extensions.includes(nameExtension) ? nameExtension : allowed.extensions[0]!;
  return {
    form,
    file: {
      bytes,
      originalName: cleanFileName(entry.name, extension),
      extension,
      mime: allowed.mime,
      size: bytes.byteLength,
    },
  };
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

/**
 * Stores the file under a fresh time-stamped name (`{prefix}{time stamp}.{ext}`), runs `record`
 * (the database write), and removes the file again if `record` fails: file and row succeed or
 * fail together.
 */
export async function storeWithRecord<T>(
  file: CheckedFile,
  prefix: string,
  record: (objectName: string, publicUrl: string) => Promise<T>,
): Promise<T> {
  const { storage } = services();
  let stamp = Date.now();
  let objectName = `${prefix}${stamp}.${file.extension}`;
  while (await storage.exists(objectName)) objectName = `${prefix}${++stamp}.${file.extension}`;
  await storage.put(objectName, Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
  try {
    return await record(objectName, storage.publicUrl(objectName));
  } catch (error) {
    await storage.delete(objectName).catch((cleanupError: unknown) => {
      console.error(`Could not remove ${objectName} after a failed database write:`, cleanupError);
    });
    throw error;
  }
}
