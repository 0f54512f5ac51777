import { Readable } from "node:stream";
import { attachmentDisposition, contentTypeFor, downloadName } from "~/lib/files";
import { findElibraryDocument } from "~/server/content/documents.server";
import { appErrorResponse, notFound } from "~/server/http/errors.server";
import { services } from "~/server/platform/services.server";
import type { Route } from "./+types/elibrary-download";

/**
 * Sends an eLibrary document as a download under its original file name, with the type and the
 * extension of its content as checked at upload (never what the uploader's name claims).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const document = await findElibraryDocument(params.id);
  const { storage } = services();
  if (!document || !(await storage.exists(document.storageObjectPath))) {
    throw appErrorResponse(notFound("This document was not found."));
  }
  const body = Readable.toWeb(storage.read(document.storageObjectPath)) as ReadableStream<Uint8Array>;
  // X-Content-Type-Options: nosniff comes with every response (helmet, server/app.ts).
  return new Response(body, {
    headers: {
      "Content-Type": contentTypeFor(document.storageObjectPath),
      "Content-Disposition": attachmentDisposition(
        downloadName(document.fileName, document.storageObjectPath),
      ),
      "Cache-Control": "private, no-cache",
    },
  });
}
