import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "../routes";
import { enhancementSource, scriptsFor } from "./enhancements";
import { pageScriptsOf } from "./page-scripts";

const APP = path.resolve(__dirname, "..");

interface RouteEntry {
  file: string;
  children?: RouteEntry[];
}

function routeFiles(entries: readonly RouteEntry[]): string[] {
  return entries.flatMap((entry) => [entry.file, ...routeFiles(entry.children ?? [])]);
}

const IMPORT = /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g;

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const ending of ["", ".tsx", ".ts", "/index.tsx", "/index.ts"]) {
    if (fs.existsSync(base + ending) && fs.statSync(base + ending).isFile()) return base + ending;
  }
  return null;
}

/** Every module under app/ a file reaches through its imports (server modules aside). */
function reachable(start: string[], skip: Set<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || skip.has(file) || file.includes(".server")) return;
    seen.add(file);
    for (const match of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = resolveImport(file, match[1]!);
      if (target) visit(target);
    }
  };
  start.forEach(visit);
  return seen;
}

const publicRoutes = routeFiles(routes as RouteEntry[])
  .filter((file) => !file.startsWith("routes/members/"))
  .map((file) => path.join(APP, file));

describe("which scripts a page gets", () => {
  it("a page hydrates when any matched route asks, and then runs none of the small scripts", () => {
    expect(pageScriptsOf([{ handle: undefined }, { handle: { enhancements: ["forms"] } }])).toEqual({
      hydrate: false,
      enhancements: ["forms"],
    });
    expect(pageScriptsOf([{ handle: { hydrate: true } }, { handle: { enhancements: ["forms"] } }])).toEqual({
      hydrate: true,
      enhancements: [],
    });
  });

  it("the menus always, the toasts with forms or a toast from the server, each script once", () => {
    expect(scriptsFor([], false)).toEqual(["menus"]);
    expect(scriptsFor([], true)).toEqual(["menus", "toasts"]);
    expect(scriptsFor(["dialogs", "forms", "toasts"], false)).toEqual([
      "menus",
      "toasts",
      "dialogs",
      "forms",
    ]);
  });

  it("each script is a function called at once, with nothing from the module it was written in", () => {
    for (const name of ["menus", "toasts", "dialogs", "forms", "video", "map"] as const) {
      const source = enhancementSource(name);
      expect(source).toMatch(/^\(function \w+\(\) \{[\s\S]*\}\)\(\);$/);
      expect(() => new Function(source), name).not.toThrow();
      expect(source.length, name).toBeLessThan(3000);
    }
  });
});

describe("the public style sheet", () => {
  it("leaves out only files that no public page uses", () => {
    const css = fs.readFileSync(path.join(APP, "public.css"), "utf8");
    const excluded = [...css.matchAll(/@source not "\.\/([^"]+)";/g)].map((match) =>
      path.join(APP, match[1]!),
    );
    expect(excluded.length).toBeGreaterThan(10);
    // The root layout draws the members area's toaster only on hydrated pages.
    const hydratedOnly = new Set([path.join(APP, "components/lazy-toaster.tsx")]);
    const used = reachable([...publicRoutes, path.join(APP, "root.tsx")], hydratedOnly);
    const wrongly = [...used].filter((file) =>
      excluded.some((out) => file === out || file.startsWith(out + path.sep)),
    );
    expect(wrongly.map((file) => path.relative(APP, file))).toEqual([]);
  });
});
