import { type DatabaseHandle, schema } from "@camatlas/db";
import { createModel, createUser } from "@camatlas/db/factories";
import { createTestDatabase } from "@camatlas/db/testing";
import { ROLE } from "@camatlas/shared";
import type { LoadContextInput } from "@camatlas/web/server-contract";
import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { blocksLoaded, type TestSite, testSite } from "./testing/test-site.ts";

// Two site processes on one database: a write through either drops the guest pages of both, through Redis when
// REDIS_URL is set (or PostgreSQL LISTEN/NOTIFY: cache-freshness.test.ts); with neither each knows its own writes.

const SWEDEN = "89.160.20.113";
let database: DatabaseHandle;
let adminToken = "";
let model: Awaited<ReturnType<typeof createModel>>;

/** A page that shows the model's current "about" text, read straight from the database. */
const fakeBuild = {
  entry: {
    module: {
      createLoadContext: (input: LoadContextInput) => input,
      createRequestHandler: () => async () => {
        const [row] = await database.db
          .select({ about: schema.models.about })
          .from(schema.models)
          .where(eq(schema.models.id, model.id));
        return new Response(`<p>${row?.about ?? ""}</p>`, { headers: { "content-type": "text/html" } });
      },
    },
  },
} as unknown as ServerBuild;

const siteWith = (env: Record<string, string> = {}, options: { channel?: boolean } = {}) =>
  // Without the database's LISTEN/NOTIFY channel, the processes are as on the embedded database.
  testSite(options.channel === false ? { ...database, openChannel: undefined } : database, {
    build: fakeBuild,
    env: { TRUST_PROXY: "1", ...env },
    dataDir: "./data/test-site-bus",
  });
type Site = TestSite;

async function visit(site: Site) {
  const res = await site.site.request(`/models/${model.slug}`, { headers: { "x-forwarded-for": SWEDEN } });
  return { cache: res.headers.get("x-cache"), text: await res.text() };
}

async function edit(site: Site, about: string) {
  const res = await site.site.request(`/api/admin/models/${model.id}`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ about }),
  });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  database = await createTestDatabase();
  model = await createModel(database.db, { name: "Two Processes" });
  const admin = await createUser(database.db, { roleId: ROLE.admin });
  adminToken = await siteWith().deps.tokens.issue({ id: admin.id, roleId: ROLE.admin });
});
afterAll(() => database.close());

describe("guest pages of several site processes", () => {
  it("without REDIS_URL or a LISTEN/NOTIFY channel, a write drops the pages of its own process only", async () => {
    const [first, second] = [siteWith({}, { channel: false }), siteWith({}, { channel: false })];
    await Promise.all([blocksLoaded(first), blocksLoaded(second)]);
    await visit(first);
    await visit(second);
    expect((await visit(second)).cache).toBe("hit");
    await edit(first, "Local edit");
    await blocksLoaded(first);
    expect(await visit(first)).toEqual({ cache: "miss", text: "<p>Local edit</p>" });
    expect((await visit(second)).cache).toBe("hit");
  });

  const url = process.env.REDIS_URL;
  it.skipIf(!url)("with REDIS_URL, a write through one process drops the pages of the other", async () => {
    const [first, second] = [siteWith({ REDIS_URL: url! }), siteWith({ REDIS_URL: url! })];
    try {
      await Promise.all([blocksLoaded(first), blocksLoaded(second)]);
      await visit(first);
      await visit(second);
      expect((await visit(second)).cache).toBe("hit");
      // Both subscribers listen before the write (a fresh connection subscribes within milliseconds).
      await new Promise((resolve) => setTimeout(resolve, 200));
      await edit(first, "Edited through the first");
      await vi.waitFor(async () => {
        await blocksLoaded(second);
        expect(await visit(second)).toEqual({ cache: "miss", text: "<p>Edited through the first</p>" });
      });
      expect((await visit(second)).cache).toBe("hit");
    } finally {
      await Promise.all([first.deps.invalidation.close(), second.deps.invalidation.close()]);
    }
  });
});
