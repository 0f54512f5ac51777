// The package registry reachable from our machines serves only some platforms' builds of
// packages such as rollup and tailwind's oxide, so `npm install` leaves the other platforms'
// optional packages out of package-lock.json, and `npm ci` then refuses the lock file as out of
// sync. This adds an entry for each missing optional platform package, marked with its os/cpu
// so npm skips it here (and fetches it on a machine of that platform). Run after `npm install`.
import fs from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const packages = lock.packages;

const OS = [
  "android",
  "darwin",
  "freebsd",
  "linux",
  "openbsd",
  "netbsd",
  "openharmony",
  "sunos",
  "aix",
  "win32",
];
const CPU = ["arm64", "x64", "ia32", "arm", "loong64", "ppc64", "riscv64", "s390x", "mips64el", "wasm32"];

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = OS.find((o) => parts.includes(o));
  let cpu = CPU.find((c) => parts.includes(c));
  if (!cpu && parts.includes("arm")) cpu = "arm";
  const entry = {};
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu];
  if (os === "linux") entry.libc = [parts.some((p) => p.startsWith("musl")) ? "musl" : "glibc"];
  return entry;
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ""}node_modules/${dep}`;
    if (packages[nested] || packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform.os && !platform.cpu) continue;
    packages[`node_modules/${dep}`] = { version, dev: meta.dev, optional: true, ...platform };
    added++;
  }
}
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(`package-lock.json: ${added} platform package entries added.`);
