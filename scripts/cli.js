// Runs a maintenance command (admin:create, migrate) from the production build.
const { runCli } = await import("../build/server/index.js");
process.exitCode = await runCli(process.argv.slice(2));
