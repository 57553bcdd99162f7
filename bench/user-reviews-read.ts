// User reviews lists with 50,000 reviews (decision 0016; target p95 < 30 ms uncached): the model tab's first and a
// deep page, the newest reviews of the site, an author's own list in every state, one review, the admins' queue.
// npm run user-reviews -w @camatlas/bench -- [--url postgres://postgres@127.0.0.1:5432/postgres] [--reviews 50000]
//   [--requests 300]
// Without --url the embedded PGlite (in memory) is used; with it, the database camatlas_user_reviews_bench is created
// on that server (dropped first). The reads go through the in-process API (routing, validation, visibility, queries,
// presenters), one request at a time; the lists have no cache, so every request reads the database.
import { parseArgs } from "node:util";
import { type SQL, sql } from "drizzle-orm";
import { positiveInt } from "./cli-args.ts";
import { createBenchApi, openBenchDatabase, rowsOf, timeReads } from "./in-process-api.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: process.env.BENCH_DATABASE_URL },
    reviews: { type: "string", default: "50000" },
    requests: { type: "string", default: "300" },
  },
});
const REVIEWS = positiveInt("--reviews", values.reviews);
const REQUESTS = positiveInt("--requests", values.requests);
const TARGET_P95_MS = 30;

const database = await openBenchDatabase("camatlas_user_reviews_bench", values.url);
const { handle, engine } = database;
const { db } = handle;
const rows = <T>(query: SQL) => rowsOf<T>(handle, query);

// 5,000 camfans, 500 models with two nicknames each. The first model has 2,000 reviews (her tab's worst case); the
// rest spread over the others. 85 % approved, the rest pending, rejected or hidden; 500-word texts; a photo on every
// fourth; votes on the first model's reviews.
const started = performance.now();
await db.execute(sql`
  insert into users (nick_name, email, role_id)
  select 'bench_fan_' || g, 'bench_fan_' || g || '@example.com', 2 from generate_series(1, 5000) g`);
await db.execute(
  sql`insert into users (nick_name, email, role_id) values ('bench_admin', 'bench_admin@example.com', 1)`,
);
await db.execute(sql`
  insert into models (name, slug, is_visible)
  select 'Bench Model ' || g, 'bench-model-' || g, true from generate_series(1, 500) g`);
await db.execute(sql`
  insert into nicknames (nickname, cam_site_id, model_id)
  select 'bench_nick_' || m.id || '_' || k, 33, m.id from models m cross join generate_series(1, 2) k`);
await db.execute(sql`
  insert into media (kind, path, name, mime_type, width, height, user_id, meta)
  select 'user_review', 'reviews/bench-' || g || '.webp', 'photo.webp', 'image/webp', 1200, 800, null, '{"type":"image"}'
  from generate_series(1, ${Math.ceil(REVIEWS / 4)}) g`);
const [first] = await rows<{ id: number }>(
  sql`select min(id)::int as id from models where slug like 'bench-model-%'`,
);
const firstModel = first!.id;
const ownTab = Math.min(2000, REVIEWS);
const body = `${"She keeps the room friendly and answers every question in the chat. ".repeat(42)}`;
await db.execute(sql`
  insert into user_reviews (model_id, user_id, title, body, word_count, rating, status, votes, created_at)
  select
    case when g <= ${ownTab} then ${firstModel} else ${firstModel} + 1 + (g % 499) end,
    (select min(id) from users where nick_name like 'bench_fan_%') + (g % 5000),
    'Review ' || g, ${body} || g, 504, 1 + g % 5,
    (case when g % 20 < 17 then 'approved' when g % 20 = 17 then 'pending' when g % 20 = 18 then 'rejected'
      else 'hidden_by_model' end),
    g % 7, now() - (g || ' minutes')::interval
  from generate_series(1, ${REVIEWS}) g
  on conflict do nothing`);
await db.execute(sql`
  insert into user_review_nicknames (review_id, nickname_id)
  select r.id, (select min(n.id) from nicknames n where n.model_id = r.model_id) from user_reviews r`);
await db.execute(sql`
  insert into user_review_images (review_id, media_id, position)
  select r.id, (select min(id) from media where path like 'reviews/bench-%') + (r.id / 4) % ${Math.ceil(REVIEWS / 4)}, 0
  from user_reviews r where r.id % 4 = 0`);
await db.execute(sql`
  insert into user_review_votes (review_id, user_id, value)
  select r.id, u.id, 1 from user_reviews r
  join users u on u.nick_name in ('bench_fan_1', 'bench_fan_2', 'bench_fan_3')
  where r.model_id = ${firstModel} and r.user_id <> u.id`);
// As autovacuum leaves a table at rest: statistics and the visibility map (index-only scans).
await db.execute(sql`vacuum analyze`);
const [counted] = await rows<{ n: number }>(sql`select count(*)::int as n from user_reviews`);
console.log(
  `${engine}: ${counted!.n} reviews (${ownTab} of one model), 500 models, 5,000 authors; written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const site = createBenchApi(database, "./data/bench-user-reviews");
const { deps } = site;
const [fan] = await rows<{ id: number }>(sql`select id from users where nick_name = 'bench_fan_1'`);
const fanToken = await deps.tokens.issue({ id: fan!.id, roleId: 2 });
const [adminUser] = await rows<{ id: number }>(sql`select id from users where nick_name = 'bench_admin'`);
const adminToken = adminUser ? await deps.tokens.issue({ id: adminUser.id, roleId: 1 }) : null;
const [oneReview] = await rows<{ id: number }>(
  sql`select id from user_reviews where model_id = ${firstModel} and status = 'approved' order by id limit 1`,
);

const fanAuth = { authorization: `Bearer ${fanToken}` };
const scenarios: [string, string, Record<string, string>][] = [
  ["her tab, page 1, guest", `/user-reviews?model_id=${firstModel}`, {}],
  ["her tab, page 1, signed-in fan", `/user-reviews?model_id=${firstModel}`, fanAuth],
  ["her tab, page 150, guest", `/user-reviews?model_id=${firstModel}&page=150`, {}],
  ["site's newest, guest", "/user-reviews", {}],
  ["an author's own, every state", `/user-reviews?user_id=${fan!.id}`, fanAuth],
  ["one review, guest", `/user-reviews/${oneReview!.id}`, {}],
  ...(adminToken
    ? ([["admin queue, pending", "/admin/user-reviews", { authorization: `Bearer ${adminToken}` }]] as [
        string,
        string,
        Record<string, string>,
      ][])
    : []),
];
console.log(`\n${REQUESTS} sequential requests each (after 20 warm-up), in-process API on ${engine}:`);
console.log("scenario".padEnd(32), "p50 / p95 / p99 ms");
let worstP95 = 0;
for (const [label, path, headers] of scenarios) {
  const r = await timeReads(site, REQUESTS, () => path, headers);
  worstP95 = Math.max(worstP95, r.p95);
  console.log(label.padEnd(32), `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} / ${r.p99.toFixed(1)}`);
}
console.log(
  `\nworst p95 ${worstP95.toFixed(1)} ms: ${worstP95 < TARGET_P95_MS ? "within" : "OVER"} the ${TARGET_P95_MS} ms target`,
);
await handle.close();
