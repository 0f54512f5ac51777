import zlib from "node:zlib";

// Excel workbooks made byte by byte, for the tests and the bench: a "spreadsheet bomb" (a small
// file whose sheet unpacks to hundreds of megabytes), one whose zip lies about its sizes, and
// plain ones with too many rows, columns or characters. Parts are deflated as they are made, so
// building a 450MB sheet never holds it in memory.

export interface WorkbookPart {
  name: string;
  /** The part's text, or its pieces one after the other. */
  content: string | Iterable<string>;
  /** What the zip says the part unpacks to, when it lies (the truth otherwise). */
  declaredSize?: number;
}

async function deflatePart(content: WorkbookPart["content"]) {
  const deflater = zlib.createDeflateRaw({ level: 9 });
  const compressed: Buffer[] = [];
  deflater.on("data", (chunk: Buffer) => compressed.push(chunk));
  const ended = new Promise((resolve, reject) => deflater.on("end", resolve).on("error", reject));
  let crc = 0;
  let size = 0;
  for (const piece of typeof content === "string" ? [content] : content) {
    const bytes = Buffer.from(piece, "utf8");
    crc = zlib.crc32(bytes, crc);
    size += bytes.length;
    if (!deflater.write(bytes)) await new Promise((resolve) => deflater.once("drain", resolve));
  }
  deflater.end();
  await ended;
  return { data: Buffer.concat(compressed), crc, size };
}

/** A zip file of the parts, deflated, with its central directory. */
export async function zipOf(parts: WorkbookPart[]): Promise<Uint8Array> {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, crc, size } = await deflatePart(part.content);
    const name = Buffer.from(part.name, "utf8");
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    directory.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directoryBytes, end]));
}

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";

/** The parts every workbook has around its one sheet. */
function workbookParts(sheet: WorkbookPart, sharedStrings?: string): WorkbookPart[] {
  return [
    {
      name: "[Content_Types].xml",
      content: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    },
    {
      name: "_rels/.rels",
      content: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: "xl/workbook.xml",
      content: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Members" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      content: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    // As Excel saves a workbook: the sheet before its shared texts.
    sheet,
    ...(sharedStrings === undefined ? [] : [{ name: "xl/sharedStrings.xml", content: sharedStrings }]),
  ];
}

/** A column's letters: 0 -> A, 26 -> AA. */
function letters(index: number): string {
  let text = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    text = String.fromCharCode(65 + ((n - 1) % 26)) + text;
  }
  return text;
}

/** A sheet of `rows` rows of `cell(row, column)` texts, written inline in each cell. */
function* sheetXml(rows: number, columns: number, cell: (row: number, column: number) => string) {
  yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
  for (let row = 1; row <= rows; row++) {
    let xml = `<row r="${row}">`;
    for (let column = 0; column < columns; column++) {
      xml += `<c r="${letters(column)}${row}" t="inlineStr"><is><t>${cell(row, column)}</t></is></c>`;
    }
    yield `${xml}</row>`;
  }
  yield "</sheetData></worksheet>";
}

/** A workbook whose one sheet holds the cells given (inline texts). */
export function workbookOf(
  rows: number,
  columns: number,
  cell: (row: number, column: number) => string,
  options: { declaredSheetSize?: number } = {},
): Promise<Uint8Array> {
  return zipOf(
    workbookParts({
      name: "xl/worksheets/sheet1.xml",
      content: sheetXml(rows, columns, cell),
      declaredSize: options.declaredSheetSize,
    }),
  );
}

/**
 * The bomb of the security test: 4,500 rows of 10 cells of 10,000 characters, a 785KB file whose
 * sheet unpacks to 452MB. With `lying`, its zip says the sheet unpacks to 2,000 bytes.
 */
export function spreadsheetBomb(options: { lying?: boolean } = {}): Promise<Uint8Array> {
  const text = "x".repeat(10_000);
  return workbookOf(4500, 10, () => text, { declaredSheetSize: options.lying ? 2000 : undefined });
}

/**
 * A small file with few bytes to unpack but a great deal of text: one long shared text that every
 * cell of 10,000 rows x 100 columns repeats.
 */
export function sharedTextBomb(): Promise<Uint8Array> {
  const sheet = (function* () {
    yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
    for (let row = 1; row <= 10_000; row++) {
      let xml = `<row r="${row}">`;
      for (let column = 0; column < 100; column++)
        xml += `<c r="${letters(column)}${row}" t="s"><v>0</v></c>`;
      yield `${xml}</row>`;
    }
    yield "</sheetData></worksheet>";
  })();
  return zipOf(
    workbookParts(
      { name: "xl/worksheets/sheet1.xml", content: sheet },
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}" count="1" uniqueCount="1"><si><t>${"y".repeat(1999)}</t></si></sst>`,
    ),
  );
}
