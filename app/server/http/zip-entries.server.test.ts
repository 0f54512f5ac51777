import { describe, expect, it } from "vitest";
import { zipOf } from "../../../tests/helpers/spreadsheet-bomb";
import { inflateZipEntry, inflateZipText, readZipDirectory, ZipUnreadable } from "./zip-entries.server";

async function inflatedBytes(bytes: Uint8Array, name: string) {
  const entry = readZipDirectory(bytes, 10).find((item) => item.name === name)!;
  let total = 0;
  for await (const chunk of inflateZipEntry(bytes, entry)) total += chunk.length;
  return total;
}

describe("zip entries", () => {
  it("lists the parts with what they say they unpack to, and inflates them", async () => {
    const bytes = await zipOf([
      { name: "a.txt", content: "hello" },
      { name: "b.txt", content: ["x".repeat(100_000), "y".repeat(100_000)] },
    ]);
    const entries = readZipDirectory(bytes, 10);
    expect(entries.map(({ name, size, method }) => ({ name, size, method }))).toEqual([
      { name: "a.txt", size: 5, method: 8 },
      { name: "b.txt", size: 200_000, method: 8 },
    ]);
    expect(await inflateZipText(bytes, entries[0]!)).toBe("hello");
    expect(await inflatedBytes(bytes, "b.txt")).toBe(200_000);
  });

  it("cuts a part off where it passes the size it declares", async () => {
    const bytes = await zipOf([{ name: "liar.xml", content: ["z".repeat(1_000_000)], declaredSize: 1000 }]);
    const entry = readZipDirectory(bytes, 10)[0]!;
    let received = 0;
    await expect(
      (async () => {
        for await (const chunk of inflateZipEntry(bytes, entry)) received += chunk.length;
      })(),
    ).rejects.toThrow("liar.xml unpacks to more than it says");
    expect(received).toBeLessThanOrEqual(1000);
  });

  it("refuses a part that holds less than it says, and a damaged or too long directory", async () => {
    const short = await zipOf([{ name: "short.xml", content: "abc", declaredSize: 10 }]);
    await expect(inflatedBytes(short, "short.xml")).rejects.toThrow("unpacks to less than it says");

    const good = await zipOf([
      { name: "a", content: "1" },
      { name: "b", content: "2" },
    ]);
    expect(() => readZipDirectory(good, 1)).toThrow(ZipUnreadable);
    expect(() => readZipDirectory(good.slice(0, good.length - 30), 10)).toThrow(ZipUnreadable);
    expect(() => readZipDirectory(new TextEncoder().encode("not a zip at all, not even close"), 10)).toThrow(
      "no central directory",
    );
  });
});
