import { createModel } from "@camatlas/db/factories";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
  const { db } = t.database;
  await createModel(db, { slug: "luna-rivers" });
  await createModel(db, { slug: "mia-stone" });
  await createModel(db, { slug: "not-indexed", isIndexedSearchRobots: false });
  await createModel(db, { slug: "hidden", isVisible: false });
  await createModel(db, { slug: "members", pageVisibleFor: "only_registered_users" });
});
afterAll(() => t.close());

type Entry = { path: string; updated_at: string };
const entries = async (query = "") => (await t.call("GET", `/api/sitemap-entries${query}`)).json();

describe("GET /api/sitemap-entries", () => {
  it("lists static pages, camsites and indexable public models with their update time", async () => {
    const body = await entries();
    const paths = body.entries.map((e: Entry) => e.path);
    expect(paths.slice(0, 5).sort()).toEqual(["/about", "/contact", "/dmca", "/privacy", "/terms"]);
    expect(paths).toContain("/camsites/chaturbate");
    expect(paths.filter((p: string) => p.startsWith("/camsites/"))).toHaveLength(41);
    expect(paths.filter((p: string) => p.startsWith("/models/"))).toEqual([
      "/models/luna-rivers",
      "/models/mia-stone",
    ]);
    expect(body).toMatchObject({ total: 48, current_page: 1, last_page: 1 });
    expect(Number.isNaN(Date.parse(body.entries[0].updated_at))).toBe(false);
  });

  it("pages through large sets without overlap", async () => {
    const first = await entries("?per_page=20");
    const third = await entries("?per_page=20&page=3");
    expect(first.last_page).toBe(3);
    expect(first.entries).toHaveLength(20);
    expect(third.entries.map((e: Entry) => e.path)).toEqual(
      (await entries()).entries.slice(40).map((e: Entry) => e.path),
    );
    expect((await t.call("GET", "/api/sitemap-entries?per_page=50001")).status).toBe(422);
  });
});
