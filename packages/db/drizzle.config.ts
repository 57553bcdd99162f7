import { defineConfig } from "drizzle-kit";

// Generates committed SQL migrations from the schema; they are applied by src/migrate.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./packages/db/src/schema/index.ts",
  out: "./packages/db/migrations",
  casing: "snake_case",
});
