import { defineConfig } from "drizzle-kit";

// Only `db:generate` uses this file: it diffs database/schema.ts against the committed
// migrations. Migrations are applied by the server itself at start (PGlite and PostgreSQL).
export default defineConfig({
  dialect: "postgresql",
  schema: "./database/schema.ts",
  out: "./database/migrations",
});
