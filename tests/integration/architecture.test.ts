import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findCycles, readImportGraph, type ImportEdge } from "../helpers/import-graph";

// The shape ADR 021 fixes, checked on every run: a change that breaks it fails here, naming the files.

const root = path.resolve(import.meta.dirname, "../..");
const graph = readImportGraph(root, "app");
const valueImports = (edge: ImportEdge) => !edge.typeOnly;

describe("the import graph of app/", () => {
  it("is read: the server's modules and their imports are all there", () => {
    expect(graph.get("app/server/main/boot.server.ts")?.map((edge) => edge.to)).toContain(
      "app/server/platform/db.server.ts",
    );
    expect(graph.size).toBeGreaterThan(300);
  });

  it("has no cycle of value imports", () => {
    expect(findCycles(graph, valueImports).map((cycle) => cycle.join(" -> "))).toEqual([]);
  });

  it("has platform import nothing of app/server outside platform, types included", () => {
    const outside = [...graph]
      .filter(([file]) => file.startsWith("app/server/platform/"))
      .flatMap(([file, edges]) =>
        edges
          .filter((edge) => edge.to.startsWith("app/server/") && !edge.to.startsWith("app/server/platform/"))
          .map((edge) => `${file} -> ${edge.to}`),
      );
    expect(outside).toEqual([]);
  });

  it("keeps app/routes/members/ in domain folders, with no loose files", () => {
    const loose = fs
      .readdirSync(path.join(root, "app/routes/members"), { withFileTypes: true })
      .filter((entry) => !entry.isDirectory())
      .map((entry) => entry.name);
    expect(loose).toEqual([]);
  });
});

describe("the cycle finder", () => {
  const edges = (...to: string[]) => to.map((file) => ({ to: file, typeOnly: false }));

  it("reports a cycle of a hand-made graph with its files in order, and a file importing itself", () => {
    const handMade = new Map([
      ["a", edges("b")],
      ["b", edges("c")],
      ["c", edges("a", "d")],
      ["d", edges()],
      ["e", edges("e")],
    ]);
    expect(findCycles(handMade)).toEqual([["a", "b", "c"], ["e"]]);
  });

  it("finds none in a graph without one, and none when the closing import is type-only", () => {
    expect(
      findCycles(
        new Map([
          ["a", edges("b")],
          ["b", edges()],
        ]),
      ),
    ).toEqual([]);
    const typeClosed = new Map([
      ["a", edges("b")],
      ["b", [{ to: "a", typeOnly: true }]],
    ]);
    expect(findCycles(typeClosed, valueImports)).toEqual([]);
    expect(findCycles(typeClosed)).toEqual([["a", "b"]]);
  });
});
