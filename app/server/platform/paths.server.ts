import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

/** The project folder (the one holding package.json), from source files and from the build alike. */
export function projectRoot(): string {
  if (root) return root;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Could not find the project folder (no package.json above).");
    dir = parent;
  }
  root = dir;
  return dir;
}
