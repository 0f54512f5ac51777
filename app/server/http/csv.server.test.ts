import { describe, expect, it } from "vitest";
import { csvResponse, readInBatches } from "./csv.server";

/** A table of `size` numbered rows, read the way the exports read the database. */
function numberedTable(size: number) {
  const reads: { after: number | undefined; limit: number }[] = [];
  const readBatch = async (after: number | undefined, limit: number) => {
    reads.push({ after, limit });
    const start = after === undefined ? 0 : after + 1;
    return Array.from({ length: Math.max(0, Math.min(limit, size - start)) }, (_, i) => start + i);
  };
  return { reads, readBatch };
}

async function collect<T>(rows: AsyncIterable<T>) {
  const all: T[] = [];
  for await (const row of rows) all.push(row);
  return all;
}

describe("readInBatches", () => {
  it("goes on from the last row of each batch until a batch comes back short", async () => {
    const table = numberedTable(25);
    const rows = await collect(await readInBatches(table.readBatch, 10));
    expect(rows).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(table.reads).toEqual([
      { after: undefined, limit: 10 },
      { after: 9, limit: 10 },
      { after: 19, limit: 10 },
    ]);
  });

  it("asks once more after a full last batch, and reads an empty table once", async () => {
    const full = numberedTable(20);
    expect(await collect(await readInBatches(full.readBatch, 10))).toHaveLength(20);
    expect(full.reads.map((read) => read.after)).toEqual([undefined, 9, 19]);
    const empty = numberedTable(0);
    expect(await collect(await readInBatches(empty.readBatch, 10))).toEqual([]);
    expect(empty.reads).toHaveLength(1);
  });

  it("reads the first batch before answering, so a failing database fails the request", async () => {
    await expect(
      readInBatches(async () => {
        throw new Error("database down");
      }),
    ).rejects.toThrow("database down");
  });
});

describe("csvResponse", () => {
  it("reads rows only as fast as the download is read", async () => {
    const table = numberedTable(100_000);
    const rows = await readInBatches(table.readBatch, 500);
    const recorded: [number, boolean][] = [];
    const response = csvResponse(
      "numbers.csv",
      ["Number"],
      rows,
      (n) => [n],
      async (...args) => {
        recorded.push(args);
      },
    );
    const reader = response.body!.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    let start = "";
    while (start.length < 20) start += decoder.decode((await reader.read()).value, { stream: true });
    expect(start.startsWith("\uFEFFNumber\r\n0\r\n1\r\n2\r\n")).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // A few batches fill the stream's buffers (some kilobytes); the other 190-odd wait for the reader.
    expect(table.reads.length).toBeLessThan(20);
    await reader.cancel();
    // The cancelled download is recorded with the rows handed out until then.
    await expect.poll(() => recorded).toHaveLength(1);
    expect(recorded[0]![1]).toBe(false);
    expect(recorded[0]![0]).toBeGreaterThan(2);
    expect(recorded[0]![0]).toBeLessThan(100_000);
  });

  it("records the export once, with its row count, before the file ends", async () => {
    const recorded: [number, boolean][] = [];
    const response = csvResponse(
      "numbers.csv",
      ["Number"],
      [1, 2, 3],
      (n) => [n],
      async (...args) => {
        recorded.push(args);
      },
    );
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text).toBe("\uFEFFNumber\r\n1\r\n2\r\n3\r\n");
    expect(recorded).toEqual([[3, true]]);
  });

  it("fails the download when the export cannot be recorded", async () => {
    const response = csvResponse(
      "numbers.csv",
      ["Number"],
      [1, 2, 3],
      (n) => [n],
      async () => {
        throw new Error("audit log unreachable");
      },
    );
    await expect(response.text()).rejects.toThrow();
  });

  it("writes phone numbers as they are and neutralises cells that could run as formulas", async () => {
    const response = csvResponse(
      "people.csv",
      ["Name", "Mobile", "Note"],
      [
        ["Ana Cruz", "+973 36667788", '=HYPERLINK("http://x")'],
        ["Ben Reyes", "+63 (917) 123-4567", "@SUM(A1)"],
        ["Cy Uy", "+973 3666 =1", "-2+3*A1"],
      ],
      (row) => row,
      async () => {},
    );
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text).toBe(
      "\uFEFFName,Mobile,Note\r\n" +
        'Ana Cruz,+973 36667788,"\'=HYPERLINK(""http://x"")"\r\n' +
        "Ben Reyes,+63 (917) 123-4567,'@SUM(A1)\r\n" +
        "Cy Uy,'+973 3666 =1,'-2+3*A1\r\n",
    );
  });
});
