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

  it("run without JIT on every pooled connection (decision 0045)", async () => {
    // Several at once, so more than one connection of the pool answers.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        handle.db.execute(sql`select current_setting('jit') as jit, pg_sleep(0.05)`),
      ),
    );
    for (const answer of answers)
      expect((answer as unknown as { rows: { jit: string }[] }).rows[0]?.jit).toBe("off");
  });
});
