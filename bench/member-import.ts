// A spreadsheet import through HTTP, as staff make it: upload a generated CSV of 5,000 members,
// open the preview (every row checked against the registry), import, then undo (so the rest of
// the bench sees the data as seeded). Each step is timed; the goal is the whole import. Then a
// "spreadsheet bomb" (a 785 kB workbook whose sheet unpacks to 452 MB) is uploaded: the goal is
// that it is refused with the server's memory barely moving.
import { spreadsheetBomb } from "../tests/helpers/spreadsheet-bomb";
import { type CookieJar, request, round } from "./http";
import { readMemory, resetPeak } from "./server";

export const IMPORT_BENCH_ROWS = 5000;

export interface ImportBenchResult {
  rows: number;
  imported: number;
  csvKb: number;
  uploadMs: number;
  previewMs: number;
  importMs: number;
  /** Upload + preview + import: what staff wait for in all. */
  totalMs: number;
  undoMs: number;
  bomb: BombResult;
}

export interface BombResult {
  fileKb: number;
  /** The upload's answer: 400, a refusal, is the goal. */
  status: number;
  ms: number;
  /** How far the server's resident memory rose above where it was before the upload. */
  peakIncreaseMb: number;
}

const MB = 1024 * 1024;

/** Uploads the bomb and watches the server's peak memory while it is refused. */
async function measureBomb(baseUrl: string, jar: CookieJar, serverPid: number): Promise<BombResult> {
  const bomb = await spreadsheetBomb();
  const body = new FormData();
  body.set(
    "file",
    new File([Uint8Array.from(bomb)], "bomb.xlsx", {
      type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    }),
  );
  const baseline = readMemory(serverPid).rss;
  const kernelPeak = resetPeak(serverPid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, readMemory(serverPid).rss);
  }, 20);
  const started = performance.now();
  let status: number;
  try {
    const answer = await fetch(`${baseUrl}/members/import`, {
      method: "POST",
      body,
      headers: { Cookie: jar.header(), Origin: baseUrl },
      redirect: "manual",
    });
    await answer.arrayBuffer();
    status = answer.status;
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - started;
  if (kernelPeak) peak = Math.max(peak, readMemory(serverPid).hwm);
  return {
    fileKb: round(bomb.byteLength / 1024),
    status,
    ms: round(ms),
    peakIncreaseMb: round((peak - baseline) / MB),
  };
}

const MINISTRIES = ["Amplify (Music)", "TEE", "Yadah", "ignite", "ACTS Kids", ""];
const STATUSES = ["Active", "active", "Inactive", "Left", "Transferred"];

/** A sheet as a church office keeps one: names, contact, a day-first birthday, ministries, status. */
export function importBenchCsv(rows = IMPORT_BENCH_ROWS): string {
  const lines = ["First Name,Last Name,E-mail,Mobile Number,Date of Birth,Ministries,Status"];
  for (let i = 1; i <= rows; i++) {
    const day = String(1 + (i % 28)).padStart(2, "0");
    const month = String(1 + (i % 12)).padStart(2, "0");
    lines.push(
      [
        `Bench${i}`,
        `Importer${i % 97}`,
        `bench.import.${i}@import.bench`,
        `+973 66${String(i).padStart(6, "0")}`,
        `${day}/${month}/${1950 + (i % 55)}`,
        `"${[MINISTRIES[i % MINISTRIES.length], MINISTRIES[(i + 2) % MINISTRIES.length]].filter(Boolean).join(", ")}"`,
        STATUSES[i % STATUSES.length],
      ].join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

function decodeAttribute(text: string) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export async function measureMemberImport(
  baseUrl: string,
  jar: CookieJar,
  runSql: <Row>(text: string, params?: unknown[]) => Promise<Row[]>,
  serverPid: number,
  rows = IMPORT_BENCH_ROWS,
): Promise<ImportBenchResult> {
  const csv = importBenchCsv(rows);
  const body = new FormData();
  body.set("file", new File([csv], "bench-members.csv", { type: "text/csv" }));
  const headers = { Cookie: jar.header(), Origin: baseUrl };

  let started = performance.now();
  const uploaded = await fetch(`${baseUrl}/members/import`, {
    method: "POST",
    body,
    headers,
    redirect: "manual",
  });
  await uploaded.arrayBuffer();
  const uploadMs = performance.now() - started;
  const location = uploaded.headers.get("location") ?? "";
  const id = /^\/members\/import\/([0-9a-f-]{36})$/.exec(location)?.[1];
  if (uploaded.status !== 302 || !id) {
    throw new Error(`The import upload answered ${uploaded.status} ${location}`);
  }

  const preview = await request(`${baseUrl}/members/import/${id}`, { headers: { Cookie: jar.header() } });
  const page = preview.body.toString();
  const mapping = /name="mapping" value="([^"]*)"/.exec(page)?.[1];
  if (preview.status !== 200 || !mapping) throw new Error(`The import preview answered ${preview.status}`);
  // React's server rendering puts <!-- --> between neighbouring texts.
  const offered = /Import (?:<!-- -->)?([\d,]+) members/.exec(page.replace(/<!-- -->/g, ""))?.[1];
  if (offered !== rows.toLocaleString("en")) {
    throw new Error(`The preview offers to import ${offered ?? "no"} members, not all ${rows} rows.`);
  }

  started = performance.now();
  const imported = await request(`${baseUrl}/members/import/${id}`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "import", mapping: decodeAttribute(mapping) }).toString(),
  });
  const importMs = performance.now() - started;
  if (imported.status !== 302 || imported.headers.location !== "/members/import") {
    throw new Error(`The import answered ${imported.status}: ${imported.body.toString().slice(0, 200)}`);
  }
  const [{ n } = { n: 0 }] = await runSql<{ n: number }>(
    "SELECT count(*)::int AS n FROM members WHERE import_id = $1",
    [id],
  );

  started = performance.now();
  const undone = await request(`${baseUrl}/members/import/${id}`, {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "undo" }).toString(),
  });
  const undoMs = performance.now() - started;
  if (undone.status !== 200) throw new Error(`Undoing the import answered ${undone.status}`);
  const bomb = await measureBomb(baseUrl, jar, serverPid);

  return {
    rows,
    imported: n,
    csvKb: round(Buffer.byteLength(csv) / 1024),
    uploadMs: round(uploadMs),
    previewMs: round(preview.ms),
    importMs: round(importMs),
    totalMs: round(uploadMs + preview.ms + importMs),
    undoMs: round(undoMs),
    bomb,
  };
}
