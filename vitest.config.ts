import { defineConfig } from "vitest/config";

// Unit tests (`*.test.ts` beside the code) and in-process API tests against a real database.
export default defineConfig({
  test: {
    include: [
      "packages/*/src/**/*.test.ts",
      "apps/*/src/**/*.test.ts",
      "apps/web/app/**/*.test.{ts,tsx}",
      "apps/web/vite/**/*.test.ts",
      "apps/server/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    environment: "node",
    // One migrated database per run; each test file copies it (packages/db/src/testing).
    globalSetup: ["packages/db/src/testing/global-setup.ts"],
    env: { TZ: "UTC" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
