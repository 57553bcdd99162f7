import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client.ts";
import { createTestDatabase } from "./testing/test-database.ts";

// The pool's session settings exist on PostgreSQL only: runs when TEST_DATABASE_URL is set.
describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL connections (needs TEST_DATABASE_URL)", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("run without JIT or parallel workers on every pooled connection (decisions 0045, 0047)", async () => {
    // Several at once, so more than one connection of the pool answers.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        handle.db.execute(
          sql`select current_setting('jit') as jit,
            current_setting('max_parallel_workers_per_gather') as workers, pg_sleep(0.05)`,
        ),
      ),
    );
    for (const answer of answers)
      expect((answer as unknown as { rows: { jit: string; workers: string }[] }).rows[0]).toMatchObject({
        jit: "off",
        workers: "0",
      });
  });
});
