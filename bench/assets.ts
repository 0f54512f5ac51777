// What a page makes the browser download in JavaScript and CSS: the scripts and stylesheets its
// HTML names, plus every module those import statically (lazy `import()` inside modules is left
// out: it loads only when used). Sizes are measured gzipped, both as our server sends them and
// at zlib level 9.
import zlib from "node:zlib";
import { request, round } from "./http";

export interface AssetSize {
  url: string;
  kind: "js" | "css";
  bytes: number;
  /** Bytes on the wire when the browser asks for gzip (what our server sends). */
  servedGzip: number;
  /** The same file at gzip level 9, for comparison. */
  gzip9: number;
  servedEncoding: string;
}

export interface PageAssets {
  path: string;
  htmlBytes: number;
  htmlServedGzip: number;
  js: { files: number; bytes: number; servedGzip: number; gzip9: number };
  css: { files: number; bytes: number; servedGzip: number; gzip9: number };
  inlineStyle: { bytes: number; gzip9: number };
  /** Inline scripts (hydration data, route manifest), part of the HTML. */
  inlineScript: { bytes: number; gzip9: number };
  files: AssetSize[];
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag)?.slice(1).find(Boolean);

/** Module specifiers a piece of JavaScript imports when it runs (static imports, re-exports). */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(
    /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"'\n]+\.m?js)["']/g,
  ))
    found.add(match[1]!);
  return [...found];
}

/** `import("...")` calls with a literal address (the entry module React Router starts). */
function dynamicImports(code: string): string[] {
  return [...code.matchAll(/\bimport\(\s*["']([^"'\n]+)["']\s*\)/g)].map((match) => match[1]!);
}

const gzip9 = (data: Buffer) => zlib.gzipSync(data, { level: 9 }).length;

export async function measurePageAssets(baseUrl: string, path: string): Promise<PageAssets> {
  const page = await request(baseUrl + path);
  if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
  const html = page.body.toString("utf8");
  const htmlGzip = await request(baseUrl + path, { headers: { "Accept-Encoding": "gzip" } });

  const queue: { url: string; kind: "js" | "css" }[] = [];
  const seen = new Set<string>();
  const enqueue = (address: string, kind: "js" | "css", base: string) => {
    const url = new URL(address, base);
    if (url.origin !== new URL(baseUrl).origin || seen.has(url.href)) return;
    seen.add(url.href);
    queue.push({ url: url.href, kind });
  };

  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, "rel")?.toLowerCase() ?? "";
    const href = attribute(tag, "href");
    if (!href) continue;
    if (rel.split(/\s+/).includes("stylesheet")) enqueue(href, "css", baseUrl + path);
    else if (rel === "modulepreload" || (rel === "preload" && attribute(tag, "as") === "script"))
      enqueue(href, "js", baseUrl + path);
  }
  let inlineScript = "";
  for (const [, open = "", body = ""] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/gi)) {
    const src = attribute(open, "src");
    if (src) {
      enqueue(src, "js", baseUrl + path);
      continue;
    }
    inlineScript += body;
    const type = attribute(open, "type") ?? "";
    if (/json/i.test(type)) continue;
    for (const specifier of [...staticImports(body), ...dynamicImports(body)])
      enqueue(specifier, "js", baseUrl + path);
  }
  const inlineStyle = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]).join("");

  const files: AssetSize[] = [];
  while (queue.length > 0) {
    const { url, kind } = queue.shift()!;
    const plain = await request(url);
    if (plain.status !== 200) throw new Error(`${url} answered ${plain.status}`);
    const served = await request(url, { headers: { "Accept-Encoding": "gzip" } });
    files.push({
      url: new URL(url).pathname,
      kind,
      bytes: plain.bytes,
      servedGzip: served.bytes,
      gzip9: gzip9(plain.body),
      servedEncoding: String(served.headers["content-encoding"] ?? "identity"),
    });
    if (kind === "js")
      for (const specifier of staticImports(plain.body.toString("utf8"))) enqueue(specifier, "js", url);
  }

  const total = (kind: "js" | "css") => {
    const list = files.filter((file) => file.kind === kind);
    return {
      files: list.length,
      bytes: list.reduce((sum, file) => sum + file.bytes, 0),
      servedGzip: list.reduce((sum, file) => sum + file.servedGzip, 0),
      gzip9: list.reduce((sum, file) => sum + file.gzip9, 0),
    };
  };
  return {
    path,
    htmlBytes: page.bytes,
    htmlServedGzip: htmlGzip.bytes,
    js: total("js"),
    css: total("css"),
    inlineStyle: {
      bytes: Buffer.byteLength(inlineStyle),
      gzip9: inlineStyle ? gzip9(Buffer.from(inlineStyle)) : 0,
    },
    inlineScript: {
      bytes: Buffer.byteLength(inlineScript),
      gzip9: inlineScript ? gzip9(Buffer.from(inlineScript)) : 0,
    },
    files: files.sort((a, b) => b.servedGzip - a.servedGzip),
  };
}

export const kB = (bytes: number) => round(bytes / 1000, 1);
