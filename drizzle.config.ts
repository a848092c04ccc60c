import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Every module's tables (and the platform's), gathered in one barrel.
  schema: "./server/tables.ts",
  out: "./server/platform/db/migrations",
});
