import { defineConfig } from "vitest/config";

// The cluster test drives two production servers, PostgreSQL, a local S3 server and nginx.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
