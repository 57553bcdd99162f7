// A forum topic with 5,000 posts: any of its 250 pages through the in-process API (issue 17; target p95 < 25 ms).
// npm run forum -w bench -- [--url postgres://postgres@127.0.0.1:5432/postgres] [--posts 5000] [--requests 300]
// Without --url the embedded PGlite (in memory) is used; with it, the database camatlas_forum_bench is created on
// that server (dropped first). Every read goes the whole way: routing, validation, the caller's forum ban, the topic,
// its page of posts by position, links, votes and images, the view count and, signed in, the read mark.
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { type SQL, sql } from "drizzle-orm";
import { positiveInt } from "./cli-args.ts";
import { createBenchApi, openBenchDatabase, rowsOf, timeReads } from "./in-process-api.ts";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: process.env.BENCH_DATABASE_URL },
    posts: { type: "string", default: "5000" },
    requests: { type: "string", default: "300" },
    background: { type: "string", default: "50000" },
  },
});
const POSTS = positiveInt("--posts", values.posts);
const REQUESTS = positiveInt("--requests", values.requests);
const BACKGROUND = positiveInt("--background", values.background);
const PER_PAGE = 20;

const database = await openBenchDatabase("camatlas_forum_bench", values.url);
const { handle, engine } = database;
const { db } = handle;
const rows = <T>(query: SQL) => rowsOf<T>(handle, query);

// 300 members; the big topic (posts numbered 1…N, votes from 10 members on every post); 500 other topics of 100
// posts each fill the table around it.
const started = performance.now();
await db.execute(sql`
  insert into users (nick_name, email, role_id)
  select 'bench_user_' || g, 'bench_user_' || g || '@example.com', 2 from generate_series(1, 300) g`);
await db.execute(sql`insert into forum_categories (slug, title) values ('bench', 'Bench')`);
await db.execute(sql`
  insert into forum_topics (category_id, user_id, title, slug, posts_count, last_position, last_post_at)
  select (select id from forum_categories), (select min(id) from users), 'Topic ' || g, 'bench-topic-' || g,
    case when g = 1 then ${POSTS} else 100 end, case when g = 1 then ${POSTS} else 100 end, now()
  from generate_series(1, ${1 + Math.ceil(BACKGROUND / 100)}) g`);
const [big] = await rows<{ id: number }>(sql`select id from forum_topics where slug = 'bench-topic-1'`);
const topicId = big!.id;
await db.execute(sql`
  insert into forum_posts (topic_id, user_id, position, body, created_at)
  select ${topicId}, (select id from users where nick_name = 'bench_user_' || (1 + g % 300)), g,
    'Post ' || g || E': **lovely** show, see https://example.com/' || g || E' and @bench_user_2\n\n> quoted line',
    now() - ((${POSTS} - g) || ' minutes')::interval
  from generate_series(1, ${POSTS}) g`);
await db.execute(sql`
  insert into forum_posts (topic_id, user_id, position, body)
  select t.id, (select id from users where nick_name = 'bench_user_' || (1 + g % 300)), g, 'Background ' || g
  from forum_topics t cross join generate_series(1, 100) g where t.id <> ${topicId}`);
await db.execute(sql`
  insert into forum_post_votes (post_id, user_id, value)
  select p.id, u.id, case when (p.id + u.id) % 4 = 0 then -1 else 1 end
  from forum_posts p join users u on u.nick_name in (${sql.join(
    Array.from({ length: 10 }, (_, i) => sql`${`bench_user_${i + 1}`}`),
    sql`, `,
  )}) where p.topic_id = ${topicId}`);
await db.execute(sql`analyze`);
const [counted] = await rows<{ n: number }>(sql`select count(*)::int as n from forum_posts`);
console.log(
  `${engine}: one topic of ${POSTS} posts, ${counted!.n} posts in all; written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

const site = createBenchApi(database, "./data/bench-forum");
const [fan] = await rows<{ id: number }>(sql`select id from users where nick_name = 'bench_user_1'`);
const fanToken = await site.deps.tokens.issue({ id: fan!.id, roleId: 2 });
const lastPage = Math.ceil(POSTS / PER_PAGE);

// Every page read must hold posts: an empty page would time nothing.
async function holdsPosts(response: Response, path: string) {
  const body = (await response.json()) as { posts: { data: unknown[] } };
  if (body.posts.data.length === 0) throw new Error(`${path} has no posts`);
}

const topic = "/forum/topics/by-slug/bench-topic-1";
// Pages spread over the whole thread: a different one per request, the same sequence every run.
const spread = (i: number) => 1 + ((i * 97) % lastPage);
const signedIn = { authorization: `Bearer ${fanToken}` };
const scenarios: [string, (i: number) => string, Record<string, string>][] = [
  ["page 1, guest", () => topic, {}],
  [`last page (${lastPage}), guest`, () => `${topic}?page=${lastPage}`, {}],
  ["any page, guest", (i) => `${topic}?page=${spread(i)}`, {}],
  ["any page, signed-in fan", (i) => `${topic}?page=${spread(i)}`, signedIn],
  ["first unread, signed-in fan", () => `${topic}?unread=1`, signedIn],
];
console.log(`\n${REQUESTS} sequential requests each (after 20 warm-up), in-process API on ${engine}:`);
console.log("scenario".padEnd(32), "p50 / p95 / p99 ms".padEnd(24), "cpu ms/request (this process)");
let worst = 0;
for (const [label, pathOf, headers] of scenarios) {
  const r = await timeReads(site, REQUESTS, pathOf, headers, holdsPosts);
  worst = Math.max(worst, r.p95);
  console.log(
    label.padEnd(32),
    `${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} / ${r.p99.toFixed(1)}`.padEnd(24),
    r.cpuMs.toFixed(1),
  );
}
const load = loadavg()[0] ?? 0;
console.log(
  `\nworst p95 ${worst.toFixed(1)} ms: ${worst < 25 ? "within" : "OVER"} the 25 ms target (load average ${load.toFixed(1)} on ${cpus().length} cores)`,
);
await handle.close();
