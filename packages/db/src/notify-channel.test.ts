import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "./client.ts";
import type { NotifyChannel } from "./notify-channel.ts";
import { createTestDatabase } from "./testing/test-database.ts";

// LISTEN/NOTIFY needs PostgreSQL: runs when TEST_DATABASE_URL is set.
describe.skipIf(!process.env.TEST_DATABASE_URL)("a LISTEN/NOTIFY channel (needs TEST_DATABASE_URL)", () => {
  let handle: DatabaseHandle;
  const channels: NotifyChannel[] = [];
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(channels.map((channel) => channel.close()));
    await handle?.close();
  });
  const open = (onError?: (error: unknown) => void) => {
    const channel = handle.openChannel!("camatlas_test_channel", onError);
    channels.push(channel);
    return channel;
  };

  it("delivers every message to every listener, and listens again after its connection was killed", async () => {
    const [first, second] = [open(), open(() => {})];
    const heard: string[] = [];
    let relistened = 0;
    first.listen(
      () => {},
      () => {},
    );
    second.listen(
      (message) => heard.push(message),
      () => relistened++,
    );
    await vi.waitFor(async () => {
      await first.notify("hello");
      expect(heard).toContain("hello");
    });

    // The database ends the listening connection (a restart, an administrator): it comes back by itself.
    await handle.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'listen "camatlas_test_channel"'`);
    await vi.waitFor(() => expect(relistened).toBeGreaterThan(0), { timeout: 10_000 });
    heard.length = 0;
    await first.notify("again");
    await vi.waitFor(() => expect(heard).toEqual(["again"]));
  });
});
