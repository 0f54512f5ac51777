import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { neutralizeCsvCell } from "~/lib/csv-safety";
import { attachmentDisposition } from "~/lib/files";

/**
 * Streams a CSV download: UTF-8 with a byte-order mark (so Excel reads accents and Arabic),
 * RFC 4180 quoting and CRLF line ends, every cell neutralised against formula injection.
 * Rows are turned into cells one at a time as the download is read, so a large export never
 * sits whole in memory.
 */
export function csvResponse<Row>(
  fileName: string,
  header: string[],
  rows: Iterable<Row> | AsyncIterable<Row>,
  cellsOf: (row: Row) => unknown[],
) {
  const stringifier = stringify({ bom: true, record_delimiter: "windows" });
  const source = Readable.from(
    (async function* () {
      yield header;
      for await (const row of rows) yield cellsOf(row).map(neutralizeCsvCell);
    })(),
  );
  source.on("error", (error) => stringifier.destroy(error));
  source.pipe(stringifier);
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
