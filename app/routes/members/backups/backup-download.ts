import { Readable } from "node:stream";
import { backupDownload, recordBackupDownload } from "~/server/backups/backups.server";
import { requireUser } from "~/server/auth/guards.server";
import { AppError, appErrorResponse } from "~/server/http/errors.server";
import type { Route } from "./+types/backup-download";

// One backup as one file (.tar.gz: manifest, database, uploads), read from disk as it is sent.
// Taking it is an entry in the audit log: it holds every member's details.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "backups:manage");
  try {
    const { fileName, body, bytes } = await backupDownload(params.name);
    await recordBackupDownload(user, params.name);
    const headers = new Headers({
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    });
    if (bytes !== undefined) headers.set("Content-Length", String(bytes));
    return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { headers });
  } catch (error) {
    if (error instanceof AppError) throw appErrorResponse(error);
    throw error;
  }
}
