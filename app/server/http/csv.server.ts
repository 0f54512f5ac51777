import { AsyncResource } from "node:async_hooks";
import { Readable, pipeline } from "node:stream";
import { stringify } from "csv-stringify";
import { neutralizeCsvCell } from "~/lib/csv-safety";
import { attachmentDisposition } from "~/lib/files";
import { logChange, type Actor, type AuditSubject } from "../platform/change-log.server";
import { services } from "../platform/services.server";
import { loggableError } from "../platform/db-errors.server";

/**
 * Told how many rows an export handed out: once, when the last row is out (`complete`), or when
 * the download stopped early (cancelled, or the database failed) with the rows sent until then.
 */
export type ExportRecorder = (rows: number, complete: boolean) => Promise<void>;

/**
 * The audit entry of an export: who took which report, and how many rows ({ rows } is added to
 * `details`, with `complete: false` for a download that stopped early).
 */
export function exportAudit(
  actor: Actor,
  action: `export.${string}`,
  subject: AuditSubject,
  details: Record<string, unknown> = {},
): ExportRecorder {
  return async (rows, complete) => {
    await logChange(services().db, actor, action, {
      subject,
      details: { ...details, rows, ...(complete ? {} : { complete: false }) },
    });
  };
}

/**
 * Streams a CSV download: UTF-8 with a byte-order mark (so Excel reads accents and Arabic),
 * RFC 4180 quoting and CRLF line ends, every cell neutralised against formula injection.
 * Rows are turned into cells one at a time as the download is read, so a large export never
 * sits whole in memory.
 *
 * Every export is audited: `recordExport` is awaited after the last row, before the file ends, so
 * a file is never complete without its entry (if the entry cannot be written, the download fails).
 */
export function csvResponse<Row>(
  fileName: string,
  header: string[],
  rows: Iterable<Row> | AsyncIterable<Row>,
  cellsOf: (row: Row) => unknown[],
  recordExport: ExportRecorder,
) {
  // The rows are produced as the download is read, later than this call: keep the request's
  // scope (the audit entry's address) for the recorder.
  const record = AsyncResource.bind(recordExport);
  // At most 16 KiB of text waits ahead of the reader, as on Node 20: Node 22 raised the streams'
  // default to 64 KiB, which reads four times as many rows ahead of a slow download.
  const stringifier = stringify({
    bom: true,
    record_delimiter: "windows",
    readableHighWaterMark: 16 * 1024,
  });
  const source = Readable.from(
    (async function* () {
      let sent = 0;
      let recorded = false;
      try {
        yield header;
        for await (const row of rows) {
          yield cellsOf(row).map(neutralizeCsvCell);
          sent++;
        }
        recorded = true;
        await record(sent, true);
      } finally {
        if (!recorded)
          await record(sent, false).catch((error: unknown) => {
            console.error("Recording a cut-off export in the audit log failed:", loggableError(error));
          });
      }
    })(),
  );
  // A download cancelled by the browser ends the rows too (and so records how many went out).
  pipeline(source, stringifier, () => {});
  return new Response(Readable.toWeb(stringifier) as ReadableStream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(fileName),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Rows an export reads from the database at a time. */
export const EXPORT_BATCH_SIZE = 500;

/**
 * Reads a query's rows a batch at a time, each batch starting after the last row of the one
 * before (keyset pagination on the query's order, which must end in a unique column), so an
 * export of any size keeps one batch in memory and never holds the database's one PGlite
 * connection for long. The first batch is read before this returns, so a database that fails
 * at once fails the request with an error status instead of a cut-off download.
 */
export async function readInBatches<Row>(
  readBatch: (after: Row | undefined, limit: number) => Promise<Row[]>,
  batchSize = EXPORT_BATCH_SIZE,
): Promise<AsyncIterable<Row>> {
  const first = await readBatch(undefined, batchSize);
  return (async function* () {
    let batch = first;
    yield* batch;
    while (batch.length === batchSize) {
      batch = await readBatch(batch.at(-1), batchSize);
      yield* batch;
    }
  })();
}
