import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { hashPassword } from "@camatlas/api";
import type { DatabaseHandle } from "@camatlas/db";
import { createModel, createUser } from "@camatlas/db/factories";
import { createTestDatabase } from "@camatlas/db/testing";
import { ROLE } from "@camatlas/shared";
import type { LoadContextInput } from "@camatlas/web/server-contract";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testSite } from "./testing/test-site.ts";

// A write is read at once: after an admin renames a model, the model list page, the list API and a typeahead asked
// before the write show the new name on the instance that wrote and, through Redis pub/sub or PostgreSQL
// LISTEN/NOTIFY, on a second instance over the same database.

/** The model list page: its loader reads the list through the API, as the real page does. */
const fakeBuild = {
  entry: {
    module: {
      createLoadContext: (input: LoadContextInput) => input,
      createRequestHandler: () => async (_request: Request, context: LoadContextInput) => {
        const reply = await context.apiFetch(new Request("http://localhost/api/models?per_page=100"));
        const names = ((await reply.json()) as { data: Array<{ name: string }> }).data.map((m) => m.name);
        return new Response(`<ul>${names.map((n) => `<li>${n}</li>`).join("")}</ul>`, {
          headers: { "content-type": "text/html" },
        });
      },
    },
  },
} as unknown as ServerBuild;

let database: DatabaseHandle;
const dirs: string[] = [];
const password = "freshness-password-1";
let adminEmail = "";

beforeAll(async () => {
  database = await createTestDatabase();
  const admin = await createUser(database.db, {
    roleId: ROLE.admin,
    passwordHash: await hashPassword(password),
  });
  adminEmail = admin.email;
});
afterAll(async () => {
  await database?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** One instance of the site; instances of a test share DATA_DIR (one site) and the database. */
function instance(dataDir: string, extraEnv: Record<string, string> = {}) {
  const created = testSite(database, { build: fakeBuild, dataDir, env: { TRUST_PROXY: "1", ...extraEnv } });
  const get = async (url: string) => {
    const res = await created.site.request(url, { headers: { "x-forwarded-for": "89.160.20.113" } });
    expect(res.status).toBe(200);
    return res.text();
  };
  /** What a guest sees of the model: the list page, the list API and a typeahead for `query`. */
  const reads = async (query: string) => ({
    page: await get("/models"),
    list: await get("/api/models?per_page=100"),
    typeahead: await get(`/api/search/typeahead?query=${encodeURIComponent(query)}`),
  });
  return { ...created, get, reads };
}
type Instance = ReturnType<typeof instance>;

async function rename(site: Instance, id: number, name: string) {
  const login = await site.site.request("/api/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: adminEmail, password }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await site.site.request(`/api/admin/models/${id}`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ name }),
  });
  expect(res.status).toBe(200);
}

/** Every read shows `name` and none shows `old` any more. */
function expectRenamed(seen: Awaited<ReturnType<Instance["reads"]>>, old: string, name: string) {
  expect(seen.page).toContain(name);
  expect(seen.page).not.toContain(old);
  expect(seen.list).toContain(name);
  expect(seen.list).not.toContain(old);
  expect(seen.typeahead).not.toContain(old);
}

/** Fills every cache of both instances with the old name, renames through the first, reads both. */
async function renameAcross(first: Instance, second: Instance, tag: string) {
  const old = `Aurora ${tag}`;
  const name = `Zephyrine ${tag}`;
  const model = await createModel(database.db, { name: old });
  for (const site of [first, second]) {
    site.pageCache?.ipBlocks.check(null);
    await site.pageCache?.ipBlocks.settled();
    const before = await site.reads(old);
    expect(before.page).toContain(old);
    expect(before.typeahead).toContain(old);
    // Asked twice: the second answer comes from the caches.
    expect((await site.reads(old)).typeahead).toContain(old);
  }
  await rename(first, model.id, name);
  // The instance that wrote: at once.
  expectRenamed(await first.reads(old), old, name);
  expect(await first.get(`/api/search/typeahead?query=${encodeURIComponent(name)}`)).toContain(name);
  // The other instance: as soon as the event arrives (milliseconds; the page cache alone would keep it 5 s).
  const started = performance.now();
  await vi.waitFor(async () => expectRenamed(await second.reads(old), old, name), {
    timeout: 2_000,
    interval: 50,
  });
  return performance.now() - started;
}

function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "camatlas-fresh-"));
  dirs.push(dir);
  return dir;
}

describe("caches after a write", () => {
  it("the instance that wrote reads the new name at once (page, list, typeahead asked before the write)", async () => {
    const dir = dataDir();
    const [first, second] = [instance(dir), instance(dir)];
    const old = "Aurora Solo";
    const model = await createModel(database.db, { name: old });
    first.pageCache?.ipBlocks.check(null);
    await first.pageCache?.ipBlocks.settled();
    expect((await first.reads(old)).typeahead).toContain(old);
    expect((await first.reads(old)).page).toContain(old);
    await rename(first, model.id, "Zephyrine Solo");
    expectRenamed(await first.reads(old), old, "Zephyrine Solo");
    await Promise.all([first.deps.invalidation.close(), second.deps.invalidation.close()]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "without Redis, on PostgreSQL: a second instance hears the write through LISTEN/NOTIFY (needs TEST_DATABASE_URL)",
    async () => {
      const dir = dataDir();
      const [first, second] = [instance(dir), instance(dir)];
      try {
        // Both listen before the write.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(await renameAcross(first, second, "Notify")).toBeLessThan(2_000);
      } finally {
        await Promise.all([first.deps.invalidation.close(), second.deps.invalidation.close()]);
      }
    },
  );

  const redisUrl = process.env.REDIS_URL;
  it.skipIf(!redisUrl)(
    "with REDIS_URL: a second instance hears the write through Redis pub/sub",
    async () => {
      const dir = dataDir();
      const [first, second] = [
        instance(dir, { REDIS_URL: redisUrl! }),
        instance(dir, { REDIS_URL: redisUrl! }),
      ];
      try {
        await vi.waitFor(() => {
          expect(first.deps.redis?.state()).toBe("ok");
          expect(second.deps.redis?.state()).toBe("ok");
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(await renameAcross(first, second, "Redis")).toBeLessThan(2_000);
      } finally {
        await Promise.all([first.deps.invalidation.close(), second.deps.invalidation.close()]);
        await Promise.all([first.deps.redis?.close(), second.deps.redis?.close()]);
      }
    },
  );
});
