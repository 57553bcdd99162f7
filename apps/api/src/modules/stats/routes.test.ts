import { findStatsNicknameId } from "@camatlas/db";
import { createModel, createUser } from "@camatlas/db/factories";
import { ROLE } from "@camatlas/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

// The numbers come from the real path: polls posted to /api/ingest/observations, rollups written by ingestion.

const TOKEN = "test-ingest-token-stats-0123456789";
let t: TestApi;
const DAY = 86_400;
// Day D is two UTC days ago; the MyFreeCams polls run every minute from D 23:50 to D+1 00:05.
const D = Math.floor(Date.now() / 1000 / DAY) * DAY - 2 * DAY;
const dayD = new Date(D * 1000).toISOString().slice(0, 10);
const dayD1 = new Date((D + DAY) * 1000).toISOString().slice(0, 10);
const at = (secondsAfterDStart: number) => new Date((D + secondsAfterDStart) * 1000).toISOString();
const auth = { authorization: `Bearer ${TOKEN}` };
let ownerHeaders: Record<string, string>;
let adminHeaders: Record<string, string>;
let camfanHeaders: Record<string, string>;
let aliceModelId = 0;
let chaturbateFirstPoll = "";

async function post(body: unknown) {
  const res = await t.call("POST", "/api/ingest/observations", { body, headers: auth });
  expect(res.status).toBe(200);
}

async function bearer(roleId: number) {
  const user = await createUser(t.database.db, { roleId });
  const token = await t.deps.tokens.issue({ id: user.id, roleId });
  return { id: user.id, headers: { authorization: `Bearer ${token}` } };
}

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await t.call("GET", `/api${path}`, { headers });
  // biome-ignore lint/suspicious/noExplicitAny: replies are read loosely; each assertion pins the exact value.
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function setModel(values: Record<string, unknown>) {
  const sets = Object.entries(values).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`);
  await t.database.db.execute(sql`update models set ${sql.join(sets, sql`, `)} where id = ${aliceModelId}`);
  // Written behind the site's back: no write route announced it, so the stats caches are dropped by hand.
  t.deps.cacheRegistry.clearAll();
}

beforeAll(async () => {
  t = await createTestApi({ INGEST_TOKEN: TOKEN, RATE_LIMIT_WRITES_PER_MINUTE: "10000" });
  const owner = await bearer(ROLE.camgirl);
  ownerHeaders = owner.headers;
  adminHeaders = (await bearer(ROLE.admin)).headers;
  camfanHeaders = (await bearer(ROLE.camfan)).headers;
  const model = await createModel(t.database.db, {
    name: "Alice Stats",
    userId: owner.id,
    nicknames: [
      { camSiteId: 12, nickname: "alice_mfc" },
      { camSiteId: 33, nickname: "alice_cb" },
    ],
  });
  aliceModelId = model.id;
  // Another model, private, with the same name on Stripchat: only admins (and she) learn about it.
  await createModel(t.database.db, {
    name: "Private Twin",
    pageVisibleFor: "only_model_and_admin",
    nicknames: [{ camSiteId: 36, nickname: "alice_mfc" }],
  });
  const start = 23 * 3600 + 50 * 60;
  for (let i = 0; i <= 15; i++) {
    const s = start + i * 60;
    const observations: Array<Record<string, unknown>> = [];
    if (i < 15) {
      const dayOne = s < DAY;
      observations.push({
        nickname: "alice_mfc",
        status: i === 8 || i === 9 ? 2 : 1,
        viewers: dayOne ? (i === 8 || i === 9 ? 0 : 100) : 50,
        camscore: dayOne ? 1000 : 1100,
        rank: dayOne ? 200 : 150,
        ...(i === 0
          ? { topic: "Show with @bob_mfc tonight", snapshot_url: "https://img.example/alice-1.jpg" }
          : {}),
      });
    }
    if (i < 2) observations.push({ nickname: "bob_mfc", status: 1, viewers: 10, camscore: 2000, rank: 100 });
    if (i === 10)
      observations.push({ nickname: "bob_mfc", status: 1, viewers: 10, camscore: 1500, rank: 149 });
    await post({ cam_site_id: 12, observed_at: at(s), complete: true, observations });
  }
  // Chaturbate: Alice online now, on Chaturbate.
  const now = Math.floor(Date.now() / 1000);
  chaturbateFirstPoll = new Date((now - 130) * 1000).toISOString();
  for (const ago of [130, 70, 10])
    await post({
      cam_site_id: 33,
      observed_at: new Date((now - ago) * 1000).toISOString(),
      complete: true,
      observations: [{ nickname: "alice_cb", status: 1, viewers: 30 }],
    });
  const aliceId = (await findStatsNicknameId(t.database.db, 12, "alice_mfc")) ?? 0;
  await t.database.db.execute(sql`
    insert into nickname_badges (nickname_id, badge_id, period, missed, earned_at) values
      (${aliceId}, 3, '2026-09', false, '2026-10-01T00:00:00Z'),
      (${aliceId}, 7, '2026-10', false, '2026-11-01T00:00:00Z'),
      (${aliceId}, 5, '2026-10', true, '2026-11-01T00:00:00Z')`);
  await t.database.db.execute(sql`
    insert into nickname_changes (nickname_id, old_nickname, new_nickname, changed_at)
    values (${aliceId}, 'alice_old', 'alice_mfc', '2026-06-01T00:00:00Z')`);
}, 60_000);
afterAll(() => t.close());

describe("GET /api/stats/nicknames/{camsite}/{nickname}/chat-stats", () => {
  it("answers seconds and minutes per status per day, split at UTC midnight, from the rollups", async () => {
    const { status, body } = await get("/stats/nicknames/myfreecams/alice_mfc/chat-stats");
    expect(status).toBe(200);
    expect(body.graph).toBe("show_all_data");
    expect(body.days).toEqual([
      {
        date: dayD,
        seconds_online: 600,
        seconds_by_status: { "1": 480, "2": 120 },
        minutes_by_status: { "1": 8, "2": 2 },
        sessions: 1,
        hours_utc: Array.from({ length: 24 }, (_, h) => (h === 23 ? 600 : 0)),
      },
      {
        date: dayD1,
        seconds_online: 300,
        seconds_by_status: { "1": 300 },
        minutes_by_status: { "1": 5 },
        sessions: 0,
        hours_utc: Array.from({ length: 24 }, (_, h) => (h === 0 ? 300 : 0)),
      },
    ]);
    expect(body.statuses).toEqual([
      { id: 1, name: "Free chat" },
      { id: 2, name: "Private" },
    ]);
    expect(body.summary).toEqual({
      seconds_online: 900,
      minutes_by_status: { "1": 13, "2": 2 },
      sessions: 1,
      days_online: 2,
    });
    // One session from 23:50 to 00:05 (absent from the 00:05 complete poll).
    expect(body.longest_sessions).toEqual([
      { started_at: at(23 * 3600 + 50 * 60), ended_at: at(DAY + 5 * 60), seconds: 900 },
    ]);
    expect(body.hours_utc[23]).toBe(600);
    expect(body.hours_utc[0]).toBe(300);
    expect(body.hours_utc.reduce((a: number, b: number) => a + b, 0)).toBe(900);
    const weekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    expect(body.weekday_hours_utc[weekday(dayD)][23]).toBe(600);
    expect(body.weekday_hours_utc[weekday(dayD1)][0]).toBe(300);
    expect(body.viewers).toEqual({
      days: [
        { date: dayD, average: 80, max: 100 },
        { date: dayD1, average: 50, max: 50 },
      ],
      average: 65,
    });
    expect(body.coverage).toMatchObject({
      poll_interval_seconds: 60,
      max_gap_seconds: 300,
      tracked_since: at(23 * 3600 + 50 * 60),
    });
  });

  it("honours from_date and to_date and refuses a reversed range", async () => {
    const { body } = await get(
      `/stats/nicknames/myfreecams/alice_mfc/chat-stats?from_date=${dayD1}&to_date=${dayD1}`,
    );
    expect(body.summary.seconds_online).toBe(300);
    expect(body.coverage).toMatchObject({ from_date: dayD1, to_date: dayD1 });
    const bad = await get(
      `/stats/nicknames/myfreecams/alice_mfc/chat-stats?from_date=${dayD1}&to_date=${dayD}`,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.from_date).toEqual(["The from date must not be after the to date."]);
    const long = await get(
      "/stats/nicknames/myfreecams/alice_mfc/chat-stats?from_date=2020-01-01&to_date=2026-01-01",
    );
    expect(long.status).toBe(422);
  });
});

describe("coverage gaps (decision 0043)", () => {
  it("gives the camsite's silences inside the tracked period that reach into the range", async () => {
    // Chaturbate polled on day D at 01:00 and 01:01 (sent late), then not until its polls of the last minutes.
    for (const s of [3600, 3660])
      await post({ cam_site_id: 33, observed_at: at(s), complete: true, observations: [] });
    const today = new Date().toISOString().slice(0, 10);
    const chat = await get(
      `/stats/nicknames/chaturbate/alice_cb/chat-stats?from_date=${dayD}&to_date=${today}`,
    );
    expect(chat.body.coverage).toMatchObject({
      tracked_since: at(3600),
      gaps: [{ start: at(3660), end: chaturbateFirstPoll }],
      gaps_recorded_since: at(3600),
    });
    // Every reply with a range says them, the nickname's too.
    const nickname = await get(`/stats/nicknames/chaturbate/alice_cb?from_date=${dayD1}&to_date=${dayD1}`);
    expect(nickname.body.coverage.gaps).toEqual([{ start: at(3660), end: chaturbateFirstPoll }]);
    // Before the silence began, and on a camsite polled without one, there is none.
    const before = new Date((D - DAY) * 1000).toISOString().slice(0, 10);
    const earlier = await get(
      `/stats/nicknames/chaturbate/alice_cb/chat-stats?from_date=${before}&to_date=${before}`,
    );
    expect(earlier.body.coverage.gaps).toEqual([]);
    const mfc = await get(
      `/stats/nicknames/myfreecams/alice_mfc/chat-stats?from_date=${dayD}&to_date=${dayD1}`,
    );
    expect(mfc.body.coverage).toMatchObject({ gaps: [], gaps_recorded_since: at(23 * 3600 + 50 * 60) });
  });
});

describe("GET /api/stats/nicknames/{camsite}/{nickname}", () => {
  it("answers the spec's stats nickname fields", async () => {
    const { status, body } = await get("/stats/nicknames/myfreecams/ALICE_MFC");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: "alice_mfc",
      is_open: false,
      cam_site: { id: 12, name: "MyFreeCams", slug: "myfreecams" },
      related_model: { id: aliceModelId, name: "Alice Stats" },
      snap_flag: true,
      viewer_summary: { max: 100, days: 2 },
      camscore_summary: { current: 1100, highest: 1100, rank: 150 },
      time_summary: {
        seconds_online: 900,
        sessions: 1,
        days_online: 2,
        longest_session_seconds: 900,
        time_zone: "UTC",
      },
      nickname_with_stats: [{ name: "alice_cb", cam_site: { slug: "chaturbate" } }],
      past_nicknames: [{ name: "alice_old", changed_at: "2026-06-01T00:00:00.000Z" }],
      last_activity: { activity_status: { id: 100, name: "Offline" } },
      capabilities: { badges_misses_camscore: true, live_snap: true, tips: true },
      visibility: { applied: true, stats_page_activity_graph_details_status: "show_all_data" },
    });
    expect(body.indexed_live_snap_images).toEqual([
      expect.objectContaining({ url: "https://img.example/alice-1.jpg", taken_at: at(23 * 3600 + 50 * 60) }),
    ]);
    expect(body.related_cwsw).toEqual([
      expect.objectContaining({ name: "bob_mfc", mentions: 1, related_model: null }),
    ]);
    expect(body.coverage.poll_interval_seconds).toBe(60);
  });

  it("counts her time summary on the days of the time zone asked for, like the stats page's chart", async () => {
    const summary = async (day: string, zone?: string) => {
      const tz = zone ? `&time_zone=${encodeURIComponent(zone)}` : "";
      const { status, body } = await get(
        `/stats/nicknames/myfreecams/alice_mfc?from_date=${day}&to_date=${day}${tz}`,
      );
      expect(status).toBe(200);
      return body.time_summary;
    };
    // Her session runs D 23:50 – D+1 00:05 UTC: two UTC days, one day in Tokyo (the next morning) and in Los
    // Angeles (the afternoon before).
    expect(await summary(dayD1)).toEqual({
      seconds_online: 300,
      sessions: 0,
      days_online: 1,
      longest_session_seconds: null,
      time_zone: "UTC",
    });
    expect(await summary(dayD1, "Asia/Tokyo")).toEqual({
      seconds_online: 900,
      sessions: 1,
      days_online: 1,
      longest_session_seconds: 900,
      time_zone: "Asia/Tokyo",
    });
    expect(await summary(dayD, "America/Los_Angeles")).toMatchObject({ seconds_online: 900, sessions: 1 });
    expect(await summary(dayD1, "America/Los_Angeles")).toMatchObject({ seconds_online: 0, days_online: 0 });
    const bad = await get(`/stats/nicknames/myfreecams/alice_mfc?time_zone=Mars%2FOlympus`);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(["time_zone"]);
  });

  it("leaves hidden models' nicknames out of same_nicknames", async () => {
    const guest = await get("/stats/nicknames/myfreecams/alice_mfc");
    expect(guest.body.same_nicknames).toEqual([]);
    const admin = await get("/stats/nicknames/myfreecams/alice_mfc", adminHeaders);
    expect(admin.body.same_nicknames).toEqual([
      expect.objectContaining({
        name: "alice_mfc",
        cam_site: expect.objectContaining({ slug: "stripchat" }),
      }),
    ]);
  });

  it("answers 404 for an unknown camsite or nickname", async () => {
    expect((await get("/stats/nicknames/nosuchsite/alice_mfc")).status).toBe(404);
    expect((await get("/stats/nicknames/myfreecams/nobody_here")).status).toBe(404);
  });
});

describe("lists", () => {
  it("searches stats nicknames, 8 per page, exact matches first", async () => {
    const { body } = await get("/stats/nicknames?query=alice");
    expect(body.data.map((n: { name: string }) => n.name).sort()).toEqual(["alice_cb", "alice_mfc"]);
    expect(body.total).toBe(2);
    const exact = await get("/stats/nicknames?query=alice_mfc");
    expect(exact.body.data[0].name).toBe("alice_mfc");
    const all = await get("/stats/nicknames");
    expect(all.body.data.length).toBeLessThanOrEqual(8);
  });

  it("lists who is online now and the top by time online per camsite", async () => {
    const online = await get("/stats/online");
    expect(online.body.data.map((n: { name: string }) => n.name)).toEqual(["alice_cb"]);
    expect(online.body.data[0]).toMatchObject({
      is_open: true,
      is_streaming: true,
      activity_status: { id: 1 },
    });
    const top = await get(`/stats/top?from_date=${dayD}&to_date=${dayD1}`);
    const mfc = top.body.data.find((s: { cam_site: { id: number } }) => s.cam_site.id === 12);
    expect(
      mfc.entries.map((e: { name: string; seconds_online: number }) => [e.name, e.seconds_online]),
    ).toEqual([
      ["alice_mfc", 900],
      ["bob_mfc", 180],
    ]);
  });
});

describe("MyFreeCams statistics and capabilities", () => {
  it("answers CamScore stats: current, highest, vs average, dynamic, rank, to next rank, history", async () => {
    const { status, body } = await get("/stats/nicknames/myfreecams/alice_mfc/camscore");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      current: 1100,
      highest: 1100,
      highest_date: dayD1,
      dynamic: 100,
      dynamic_percent: 10,
      rank: 150,
      cam_scores_to_next_rank: 400,
      rank_history: [
        { date: dayD, rank: 200 },
        { date: dayD1, rank: 150 },
      ],
    });
    expect(body.scores).toEqual([
      { date: dayD, min: 1000, max: 1000, avg: 1000, last: 1000 },
      { date: dayD1, min: 1100, max: 1100, avg: 1100, last: 1100 },
    ]);
  });

  it("answers badges 1–15 with only_earned and exclude_earned, misses and past awards", async () => {
    const all = await get("/stats/nicknames/myfreecams/alice_mfc/badges");
    expect(all.body.data).toHaveLength(15);
    const earned = await get("/stats/nicknames/myfreecams/alice_mfc/badges?only_earned=1");
    expect(earned.body.data.map((b: { badge_id: number }) => b.badge_id)).toEqual([3, 7]);
    const notEarned = await get("/stats/nicknames/myfreecams/alice_mfc/badges?exclude_earned=1");
    expect(notEarned.body.data).toHaveLength(13);
    const misses = await get("/stats/nicknames/myfreecams/alice_mfc/misses");
    expect(misses.body.data).toEqual([
      { badge_id: 5, period: "2026-10", missed_at: "2026-11-01T00:00:00.000Z" },
    ]);
    const awards = await get("/stats/nicknames/myfreecams/alice_mfc/past-awards");
    expect(awards.body).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
    expect(awards.body.data[0]).toEqual({
      badge_id: 7,
      period: "2026-10",
      earned_at: "2026-11-01T00:00:00.000Z",
    });
  });

  it("answers topics, nickname changes (15 per page), snapshots and honest empty tips", async () => {
    const topics = await get("/stats/nicknames/myfreecams/alice_mfc/topics");
    expect(topics.body.data).toEqual([
      { topic: "Show with @bob_mfc tonight", observed_at: at(23 * 3600 + 50 * 60) },
    ]);
    const changes = await get("/stats/nicknames/myfreecams/alice_mfc/nickname-changes");
    expect(changes.body.data).toEqual([
      { old_nickname: "alice_old", new_nickname: "alice_mfc", changed_at: "2026-06-01T00:00:00.000Z" },
    ]);
    const snaps = await get("/stats/nicknames/myfreecams/alice_mfc/snapshots?per_page=12");
    expect(snaps.body.total).toBe(1);
    const tips = await get("/stats/nicknames/myfreecams/alice_mfc/tips");
    expect(tips.status).toBe(200);
    expect(tips.body).toMatchObject({ data: [], total: 0, meta: { collected: false } });
  });

  it("answers 404 for a statistic the camsite does not have", async () => {
    for (const path of ["camscore", "badges", "misses", "past-awards", "nickname-changes"]) {
      const res = await get(`/stats/nicknames/chaturbate/alice_cb/${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe("This statistic is not available on this camsite.");
    }
    expect((await get("/stats/nicknames/chaturbate/alice_cb/topics")).status).toBe(200);
    expect((await get("/stats/nicknames/chaturbate/alice_cb/tips")).status).toBe(200);
    const cb = await get("/stats/nicknames/chaturbate/alice_cb");
    expect(cb.body).toMatchObject({ camscore_summary: null, past_nicknames: [], is_open: true });
  });
});

describe("visibility settings", () => {
  it("hides last activity, past nicknames, longest sessions and graph details from visitors only", async () => {
    await setModel({
      is_stats_page_last_activity_hidden: true,
      is_stats_page_past_nicknames_hidden: true,
      is_stats_page_longest_sessions_hidden: true,
      stats_page_activity_graph_details_status: "show_only_total_time_online",
    });
    const guest = await get("/stats/nicknames/myfreecams/alice_mfc");
    expect(guest.body).toMatchObject({
      last_activity: null,
      past_nicknames: [],
      time_summary: { seconds_online: 900, longest_session_seconds: null },
      visibility: { applied: true, is_stats_page_last_activity_hidden: true },
    });
    const chat = await get("/stats/nicknames/myfreecams/alice_mfc/chat-stats");
    expect(chat.body.graph).toBe("show_only_total_time_online");
    expect(chat.body.days.map((d: { seconds_by_status: unknown }) => d.seconds_by_status)).toEqual([
      { total: 600 },
      { total: 300 },
    ]);
    expect(chat.body.statuses).toEqual([]);
    expect(chat.body.longest_sessions).toEqual([]);
    expect(chat.body.longest_sessions_hidden).toBe(true);
    const changes = await get("/stats/nicknames/myfreecams/alice_mfc/nickname-changes");
    expect(changes.body).toMatchObject({ data: [], total: 0, meta: { hidden: true } });
    const online = await get("/stats/online");
    expect(online.body.data[0].last_activity).toBeNull();

    // The model herself and admins see everything.
    for (const headers of [ownerHeaders, adminHeaders]) {
      const own = await get("/stats/nicknames/myfreecams/alice_mfc/chat-stats", headers);
      expect(own.body.graph).toBe("show_all_data");
      expect(own.body.longest_sessions).toHaveLength(1);
      const page = await get("/stats/nicknames/myfreecams/alice_mfc", headers);
      expect(page.body.visibility.applied).toBe(false);
      expect(page.body.past_nicknames).toHaveLength(1);
    }
  });

  it("hide_graph leaves out the per-day activity and the hour-of-day figures", async () => {
    await setModel({ stats_page_activity_graph_details_status: "hide_graph" });
    const { body } = await get("/stats/nicknames/myfreecams/alice_mfc/chat-stats");
    expect(body).toMatchObject({
      graph: "hide_graph",
      days: [],
      hours_utc: [],
      weekdays_utc: [],
      weekday_hours_utc: [],
    });
    expect(body.summary.seconds_online).toBe(900);
  });

  it("applies page_visible_for like the profile: 401 for guests, 404 for others, search leaves her out", async () => {
    await setModel({ page_visible_for: "only_registered_users" });
    expect((await get("/stats/nicknames/myfreecams/alice_mfc")).status).toBe(401);
    expect((await get("/stats/nicknames/myfreecams/alice_mfc", camfanHeaders)).status).toBe(200);
    await setModel({ page_visible_for: "only_model_and_admin" });
    expect((await get("/stats/nicknames/myfreecams/alice_mfc/chat-stats", camfanHeaders)).status).toBe(404);
    expect((await get("/stats/nicknames/myfreecams/alice_mfc", ownerHeaders)).status).toBe(200);
    const search = await get("/stats/nicknames?query=alice", camfanHeaders);
    expect(search.body.total).toBe(0);
    const online = await get("/stats/online");
    expect(online.body.total).toBe(0);
    await setModel({ page_visible_for: "everyone" });
  });
});

describe("stats reads are kept until her camsite's next poll", () => {
  const path = () => `/stats/nicknames/myfreecams/alice_mfc/chat-stats?from_date=${dayD}&to_date=${dayD1}`;
  const addSessions = (n: number) =>
    t.database.db.execute(sql`
      update nickname_daily_stats set sessions = sessions + ${n}
      where nickname_id = (select id from nicknames where cam_site_id = 12 and nickname = 'alice_mfc')`);

  it("answers from memory until a poll arrives through the API, then reads the rollups again", async () => {
    const first = await get(path());
    await addSessions(5);
    const cached = await get(path());
    expect(cached.body.summary.sessions).toBe(first.body.summary.sessions);
    await post({ cam_site_id: 12, observed_at: new Date().toISOString(), complete: true, observations: [] });
    const fresh = await get(path());
    expect(fresh.body.summary.sessions).toBe(first.body.summary.sessions + 10);
  });

  it("reads again after a poll another process ingested (the camsite's last poll moved), within 2 s", async () => {
    const first = await get(path());
    await addSessions(1);
    await t.database.db.execute(sql`
      update cam_site_collectors set last_poll_at = now() + interval '1 minute' where cam_site_id = 12`);
    expect((await get(path())).body.summary.sessions).toBe(first.body.summary.sessions);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await get(path())).body.summary.sessions).toBe(first.body.summary.sessions + 2);
  });
});
