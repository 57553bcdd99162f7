import { createIngestCache, ingestPoll } from "@camatlas/db";
import { createModel } from "@camatlas/db/factories";
import { CAMSITE_ID, findCamsiteById } from "@camatlas/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { signIn } from "../models/test-helpers.ts";

// The session list of a nickname's stats page, from polls through ingest (MyFreeCams: CamScore and rank too).

let t: TestApi;
const name = `sessions_${Date.now()}`;
const slug = findCamsiteById(CAMSITE_ID.myFreeCams)!.slug;
const T0 = Math.floor(Date.UTC(2026, 10, 20, 20, 0, 0) / 1000);
let modelId = 0;
const path = (query = "") => `/api/stats/nicknames/${slug}/${name}/sessions${query}`;

beforeAll(async () => {
  t = await createTestApi();
  const model = await createModel(t.database.db, {
    name: "Sessions Sara",
    nicknames: [{ camSiteId: CAMSITE_ID.myFreeCams, nickname: name }],
  });
  modelId = model.id;
  const cache = createIngestCache();
  const poll = (
    at: number,
    obs: { status: number; viewers: number; camscore: number; rank: number } | null,
  ) =>
    ingestPoll(
      t.database.db,
      {
        camSiteId: CAMSITE_ID.myFreeCams,
        observedAt: at,
        complete: true,
        observations: obs ? [{ nickname: name, ...obs }] : [],
      },
      { maxGapSeconds: 300, cache },
    );
  // Session 1: 20:00–20:10, free chat then a private; session 2 the next day, 30 minutes of free chat.
  await poll(T0, { status: 1, viewers: 100, camscore: 2000, rank: 50 });
  await poll(T0 + 120, { status: 1, viewers: 300, camscore: 2100, rank: 40 });
  await poll(T0 + 240, { status: 2, viewers: 1, camscore: 2200, rank: 45 });
  await poll(T0 + 360, { status: 2, viewers: 1, camscore: 2200, rank: 45 });
  await poll(T0 + 600, null);
  const day = T0 + 86_400;
  for (let i = 0; i <= 15; i++)
    await poll(day + i * 120, { status: 1, viewers: 10, camscore: 1900, rank: 0 });
  await poll(day + 1800 + 120, null);
});
afterAll(() => t.close());

describe("GET /api/stats/nicknames/{camsite}/{nickname}/sessions", () => {
  it("lists her sessions newest first with statuses by time, viewers, CamScore and best rank", async () => {
    const res = await t.call("GET", path());
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBe(2);
    const [latest, first] = body.data;
    expect(latest.started_at).toBe(new Date((T0 + 86_400) * 1000).toISOString().replace(".000", ""));
    expect(latest.status_ids).toEqual([1]);
    expect(latest.best_rank).toBeNull();
    expect(new Set(first.status_ids)).toEqual(new Set([1, 2]));
    expect(first.peak_viewers).toBe(300);
    expect(first.max_camscore).toBe(2200);
    expect(first.best_rank).toBe(40);
    expect(first.seconds).toBeGreaterThan(0);
    expect(latest.seconds).toBeGreaterThan(first.seconds);
  });

  it("sorts by length and pages 12 at a time by default", async () => {
    const longest = await (await t.call("GET", path("?sort=length&order=desc"))).json();
    expect(longest.data[0].seconds).toBeGreaterThanOrEqual(longest.data[1].seconds);
    const oldest = await (await t.call("GET", path("?order=asc&per_page=1"))).json();
    expect(oldest.data).toHaveLength(1);
    expect(oldest.data[0].started_at < oldest.data[0].ended_at).toBe(true);
    expect(oldest.last_page).toBe(2);
    expect((await t.call("GET", path("?sort=viewers"))).status).toBe(422);
  });

  it("hides the list from visitors when she hides her longest sessions", async () => {
    await t.database.db.execute(
      sql`update models set is_stats_page_longest_sessions_hidden = true where id = ${modelId}`,
    );
    // A direct write: drop the cached profile as a settings change through the API would.
    t.deps.caches.statsNicknames.clear();
    const body = await (await t.call("GET", path())).json();
    expect(body.meta.hidden).toBe(true);
    expect(body.data).toEqual([]);
    await t.database.db.execute(
      sql`update models set is_stats_page_longest_sessions_hidden = false, page_visible_for = 'only_registered_users' where id = ${modelId}`,
    );
    t.deps.caches.statsNicknames.clear();
  });

  it("answers 401 to a guest for a members-only profile and the list to a member", async () => {
    expect((await t.call("GET", path())).status).toBe(401);
    const member = await signIn(t);
    const res = await t.call("GET", path(), { headers: member.headers });
    expect(res.status).toBe(200);
    expect((await res.json()).total).toBe(2);
  });
});
