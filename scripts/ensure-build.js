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
  const result = spawnSync(bin, ["build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
