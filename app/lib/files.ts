// How the eLibrary names, shows and sends a stored document. Pure functions: the page and the
// download route both use them, and the browser may too.

/** The spec's image types: these open in the image viewer instead of a new tab. */
export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "gif", "webp"] as const;

const CONTENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  txt: "text/plain; charset=utf-8",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
};

/** "Report.Final.PDF" -> "pdf"; "" when the name has no extension. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
}

/** The eLibrary title: the file name without its extension ("Welcome Guide.pdf" -> "Welcome Guide"). */
export function fileTitle(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

export function isImageFile(fileName: string): boolean {
  return (IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
}

export function contentTypeFor(fileName: string): string {
  return CONTENT_TYPES[fileExtension(fileName)] ?? "application/octet-stream";
}

/**
 * A Content-Disposition header that saves the file under its original name: a plain-ASCII
 * `filename` for old clients, and the exact name in `filename*` (RFC 6266 / RFC 5987).
 */
export function attachmentDisposition(fileName: string): string {
  const printable = [...fileName].filter((char) => char >= " " && char !== "\u007f").join("");
  const cleaned = printable.trim() || "download";
  const fallback = cleaned
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(cleaned).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The name a stored document is downloaded under: the name it was uploaded with, its extension
 * made the one of the content as checked at upload (the stored object's), so "notes.html" whose
 * content is a PDF is saved as "notes.pdf" and never opens as a web page. JPG and JPEG are one type.
 */
export function downloadName(fileName: string, storedPath: string): string {
  const checked = fileExtension(storedPath);
  const given = fileExtension(fileName);
  if (!checked || given === checked || contentTypeFor(`x.${given}`) === contentTypeFor(`x.${checked}`)) {
    return fileName;
  }
  return `${given ? fileTitle(fileName) : fileName}.${checked}`;
}
