import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { neutralizeCsvCell } from "~/lib/csv-safety";

/** A file name for the Content-Disposition header, with an ASCII fallback and the exact UTF-8 name. */
export function attachmentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Streams a CSV download: UTF-8 with a byte-order mark (so Excel reads accents and Arabic),
 * RFC 4180 quoting and CRLF line ends, every cell neutralised against formula injection.
 * Rows are produced one at a time, so a large export never sits whole in memory.
 */
export function csvResponse(fileName: string, header: string[], rows: Iterable<unknown[]> | AsyncIterable<unknown[]>) {
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
