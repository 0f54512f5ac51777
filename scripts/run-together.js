// Runs npm scripts side by side and fails when any of them fails. `npm test` uses it for the type
// check and the lint, which each keep one core busy: together they take as long as the slower one.
// Each script's output is printed whole when it ends, so the two never interleave.
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("Usage: node scripts/run-together.js <npm script> [<npm script> ...]");
  process.exit(2);
}

const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("close", (code) => {
          process.stdout.write(
            `\n> ${name} (${code === 0 ? "passed" : `failed with code ${code}`})\n${output}`,
          );
          resolve(code ?? 1);
        });
      }),
  ),
);
process.exit(results.some((code) => code !== 0) ? 1 : 0);
