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
    // A worker keeps the modules it has loaded from one file to the next instead of loading the
    // whole server again for each of some 160 files (about 4 s of a core each, 588 s -> 348 s for
    // the suite). Safe here because nothing a test touches lives in a module: each file starts its
    // own services on its own database (the composition root, decision 021), caches are keyed by
    // those services, and the set-up file restores every spy after each test.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
