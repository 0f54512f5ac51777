// Saves the HTML of every public page of a running site, with asset hashes, nonces and
// script hashes blanked, so two builds serving the same data can be compared with `diff -r`.
// Usage: tsx bench/page-snapshot.ts http://localhost:3000 out-dir
import fs from "node:fs";
import path from "node:path";

const [origin = "http://localhost:3000", outDir = "page-snapshot"] = process.argv.slice(2);

const extraPaths = [
  "/robots.txt",
  "/sitemap.xml",
  "/no-such-page",
  "/events/not-an-id",
  "/events/00000000-0000-4000-8000-000000000000",
  "/ministries/no-such-ministry",
  "/ministries/yadah?join",
  "/connect?sent",
  "/media/sermons?page=2",
  "/events?page=2",
];

function normalise(text: string) {
  return text
    .replace(/nonce="[^"]*"/g, 'nonce=""')
    .replace(/-[A-Za-z0-9_-]{8}\.(js|css)/g, "-HASH.$1")
    .replace(/"version":"[0-9a-f]{8}"/g, '"version":"HASH"');
}

async function main() {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const eventPath = paths.find((p) => p.startsWith("/events/"));
  if (eventPath) extraPaths.push(`${eventPath}?register`);
  fs.mkdirSync(outDir, { recursive: true });
  for (const pathname of [...paths, ...extraPaths]) {
    const response = await fetch(origin + pathname, { redirect: "manual" });
    const body = normalise(await response.text());
    const name = (pathname === "/" ? "home" : pathname.slice(1)).replace(/[/?=]/g, "_") + ".html";
    fs.writeFileSync(path.join(outDir, name), `${response.status}\n${body}`);
  }
  console.log(`${paths.length + extraPaths.length} pages saved in ${outDir}`);
}

await main();
