import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.ts",
      "server/**/*.test.ts",
      "database/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    exclude: ["tests/reliability/**", "node_modules/**"],
    environment: "node",
    silent: "passed-only",
    setupFiles: ["./tests/setup/fail-on-console-error.ts"],
    // Migrated databases the test files copy instead of making their own (see the file).
    globalSetup: ["./tests/setup/database-templates.ts"],
    // Test files run two at a time: each has its own database (PGlite in memory, or a fresh
    // PostgreSQL database) and its own ports, so they share nothing. On a two-core machine the
    // default would be one worker.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
