// A model page's comments: the first comment page of a model with 2,000 comments (decision 0015; target p95 < 20 ms).
// npm run comments -w bench -- [--url postgres://postgres@127.0.0.1:5432/postgres] [--comments 2000] [--requests 300]
// Without --url the embedded PGlite (in memory) is used; with it, the database camatlas_comments_bench is created on
// that server (dropped first). The reads go through the in-process API (routing, validation, visibility, queries,
// presenters), one request at a time, as a guest and as a signed-in fan (her own votes are read too).
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { positiveInt } from "./cli-args.ts";
import { createBenchApi, openBenchDatabase, rowsOf, timeReads } from "./in-process-api.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: process.env.BENCH_DATABASE_URL },
    comments: { type: "string", default: "2000" },
    requests: { type: "string", default: "300" },
    background: { type: "string", default: "50000" },
  },
});
const COMMENTS = positiveInt("--comments", values.comments);
const REQUESTS = positiveInt("--requests", values.requests);
const BACKGROUND = positiveInt("--background", values.background);

const database = await openBenchDatabase("camatlas_comments_bench", values.url);
const { handle, engine } = database;
const { db } = handle;

// 300 users, the model and 50 others; her thread: 80 % top-level comments, 20 % replies to the newest ones, votes
// from 10 users on every comment; other models' threads fill the table around hers.
const started = performance.now();
await db.execute(sql`
  insert into users (nick_name, email, role_id)
  select 'bench_user_' || g, 'bench_user_' || g || '@example.com', 2 from generate_series(1, 300) g`);
await db.execute(sql`
  insert into models (name, slug, is_visible)
  select 'Bench Model ' || g, 'bench-model-' || g, true from generate_series(1, 51) g`);
const [model] = await rowsOf<{ id: number }>(handle, sql`select id from models where slug = 'bench-model-1'`);
const modelId = model!.id;
const top = Math.round(COMMENTS * 0.8);
await db.execute(sql`
  insert into comments (comment_zone, commentable_id, user_id, text, created_at)
  select 'model', ${modelId}, (select id from users where nick_name = 'bench_user_' || (1 + g % 300)),
    'Comment ' || g || ': lovely show, see https://example.com/' || g || ' and @bench-model-2',
    now() - (g || ' minutes')::interval
  from generate_series(1, ${top}) g`);
await db.execute(sql`
  insert into comments (comment_zone, commentable_id, user_id, text, in_reply_to, created_at)
  select 'model', ${modelId}, (select id from users where nick_name = 'bench_user_' || (1 + (g * 7) % 300)),
    'Reply ' || g, p.id, p.created_at + (g || ' seconds')::interval
  from generate_series(1, ${COMMENTS - top}) g
  join lateral (select id, created_at from comments where commentable_id = ${modelId} and in_reply_to is null
    order by created_at desc offset (g % 40) limit 1) p on true`);
await db.execute(sql`
  insert into comments (comment_zone, commentable_id, user_id, text, created_at)
  select 'model', m.id, (select id from users where nick_name = 'bench_user_' || (1 + g % 300)),
    'Background ' || g, now() - (g || ' seconds')::interval
  from generate_series(1, ${BACKGROUND}) g
  join models m on m.slug = 'bench-model-' || (2 + g % 50)`);
await db.execute(sql`
  insert into comment_votes (comment_id, user_id, value)
  select c.id, u.id, case when (c.id + u.id) % 4 = 0 then -1 else 1 end
  from comments c join users u on u.nick_name in (${sql.join(
    Array.from({ length: 10 }, (_, i) => sql`${`bench_user_${i + 1}`}`),
    sql`, `,
  )}) where c.commentable_id = ${modelId}`);
await db.execute(sql`
  update comments c set rank_up = v.up, rank_down = v.down
  from (select comment_id, count(*) filter (where value = 1)::int up, count(*) filter (where value = -1)::int down
    from comment_votes group by comment_id) v where v.comment_id = c.id`);
await db.execute(sql`analyze`);
console.log(
  `${engine}: her thread ${COMMENTS} comments (${top} top-level), ${BACKGROUND} on 50 other models; written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

// Nothing is stored in its data folder: one outside the checkout.
const site = createBenchApi(database, join(tmpdir(), "camatlas-bench-comments"));
const [fan] = await rowsOf<{ id: number }>(
  handle,
  sql`select id from users where nick_name = 'bench_user_1'`,
);
const fanToken = await site.deps.tokens.issue({ id: fan!.id, roleId: 2 });

const thread = `/comments?comment_zone=model&commentable_id=${modelId}`;
const scenarios: [string, string, Record<string, string>][] = [
  ["first page, guest", thread, {}],
  ["first page, signed-in fan", thread, { authorization: `Bearer ${fanToken}` }],
  ["page 100, guest", `${thread}&page=100`, {}],
  ["top voted first, guest", `${thread}&order_by=top`, {}],
  ["count (the tab)", `/comments/count?comment_zone=model&commentable_id=${modelId}`, {}],
];
console.log(`\n${REQUESTS} sequential requests each (after 20 warm-up), in-process API on ${engine}:`);
console.log("scenario".padEnd(30), "p50 / p95 / p99 ms");
let firstPageP95 = 0;
for (const [label, path, headers] of scenarios) {
  const r = await timeReads(site, REQUESTS, () => path, headers);
  if (label === "first page, guest") firstPageP95 = r.p95;
  console.log(label.padEnd(30), `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} / ${r.p99.toFixed(1)}`);
}
console.log(
  `\nfirst page p95 ${firstPageP95.toFixed(1)} ms: ${firstPageP95 < 20 ? "within" : "OVER"} the 20 ms target`,
);
await handle.close();
