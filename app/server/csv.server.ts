import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { neutralizeCsvCell } from "~/lib/csv-safety";
import { attachmentDisposition } from "~/lib/files";

/**
 * Streams a CSV download: UTF-8 with a byte-order mark (so Excel reads accents and Arabic),
 * RFC 4180 quoting and CRLF line ends, every cell neutralised against formula injection.
 * Rows are produced one at a time, so a large export never sits whole in memory.
 */
export function csvResponse(
  fileName: string,
  header: string[],
  rows: Iterable<unknown[]> | AsyncIterable<unknown[]>,
) {
  const stringifier = stringify({ bom: true, record_delimiter: "windows" });
  const source = Readable.from(
    (async function* () {
      yield header;
      for await (const row of rows) yield row.map(neutralizeCsvCell);
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
