import { defineConfig } from "vitest/config";

// End-to-end specs: each file starts its own site, so files run one after another.
export default defineConfig({
  root: import.meta.dirname,
  test: {
    include: ["**/*.spec.ts"],
    exclude: ["**/node_modules/**"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 60_000,
    // beforeAll starts the site; the first start also builds the web app.
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    // expect.poll waits for the browser to reach a state (hydrated, navigated): 1 s by default, too short for a
    // page's hydration on a busy 2-core machine; a state never reached still fails.
    expect: { poll: { timeout: 10_000 } },
  },
});
