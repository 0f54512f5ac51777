// Builds the site when there is no build yet or the sources changed since the last one, so
// `npm start` works on a fresh clone with no other step.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = path.join(root, "build", "server", "index.js");
const sources = [
  "app",
  "server",
  "database",
  "public",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
];

function newestChange(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newestChange));
const canBuild = fs.existsSync(path.join(root, "node_modules", "@react-router", "dev"));

if (builtAt === 0 || (changedAt > builtAt && canBuild)) {
  if (!canBuild) {
    console.error("No build found and the build tools are not installed. Run `npm install` first.");
    process.exit(1);
  }
  console.log(
    builtAt === 0 ? "Building the site (first start)..." : "Sources changed: rebuilding the site...",
  );
  const bin = path.join(
    root,
    "node_modules",
    ".bin",
    process.platform === "win32" ? "react-router.cmd" : "react-router",
  );
  // The build tools list every file they write and repeat a deprecation notice of their own
  // configuration: none of it is the church's business on a start. Shown only when it fails.
  const started = Date.now();
  const result = spawnSync(bin, ["build"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    console.error("The build failed (see above).");
    process.exit(result.status ?? 1);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}
