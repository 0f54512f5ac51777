import { defineConfig } from "vitest/config";

// The reliability suite drives the production build as a separate process (`npm run build` first).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    environment: "node",
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
