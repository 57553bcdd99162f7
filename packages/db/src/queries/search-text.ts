import { SEARCH_COUNT_CAP } from "@camatlas/shared/api-contract";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import type { Commentable } from "./comments-commentables.ts";
import { type ModelViewer, modelPageVisibleTo } from "./model-visibility.ts";
import { visibleTo as statsVisibleTo } from "./stats-read-lists.ts";

// Full-text search over what people wrote (decision 0031): user reviews, posts, comments and forum topics, each
// through its generated `search_vector` (migration 0028: unaccent + English stems) and its GIN index. Every section
// applies the visibility its own pages apply; a snippet marks the matched words between HIT_START and HIT_END, which
// the presenter turns into plain segments (never HTML).

/** Marks a matched word's start in a snippet: control characters no stored text carries into a headline. */
export const HIT_START = "\u0001";
export const HIT_END = "\u0002";

const CONFIG = sql`'camatlas_text'::regconfig`;
const HEADLINE_OPTIONS = `StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=28, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;

const tsQuery = (text: string) => sql`websearch_to_tsquery(${CONFIG}, ${text})`;
const headline = (document: SQL, text: string) =>
  sql`ts_headline(${CONFIG}, ${document}, ${tsQuery(text)}, ${HEADLINE_OPTIONS})`;

export interface TextPaging {
  page: number;
  perPage: number;
}

export interface TextPage<T> {
  rows: T[];
  /** Matches counted, at most SEARCH_COUNT_CAP. */
  total: number;
  /** Counting stopped early: there are at least `total` matches, maybe more (the page says "200+"). */
  capped: boolean;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * True when the query (a `select true …`) finds a row: a scalar subquery read by its key for each row, never an
 * EXISTS, which PostgreSQL may answer with a hash of every row the subquery could find (every approved review joined
 * to every model, every forum post holding a common word: seconds at scale) when it expects many outer rows.
 */
const any = (query: SQL) => sql`coalesce((${query} limit 1), false)`;

const offsetOf = (paging: TextPaging) => (Math.max(1, paging.page) - 1) * paging.perPage;

/**
 * A page of rows (`page`: a select with its order, limit and offset) and how many rows match, counted up to the cap
 * only (decision 0041: a word found in 40,000 rows would otherwise read every one of them for a number nobody pages
 * through; past the cap the section says "200+"), in one statement: a second one cost its own round trip and
 * planning. A page past the end still answers the count: one row without a hit.
 */
async function pageAndCount(
  db: Database,
  o: { page: SQL; from: SQL; where: SQL },
): Promise<{ rows: Record<string, unknown>[]; total: number; capped: boolean }> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select counted.matched, hit.* from
        (select count(*)::int as matched from (select 1 from ${o.from} where ${o.where} limit ${SEARCH_COUNT_CAP + 1}) m) counted
      left join (select p.*, row_number() over () as n from (${o.page}) p) hit on true
      order by hit.n`),
  );
  const counted = Number(rows[0]?.matched ?? 0);
  return {
    rows: rows.filter((r) => r.n !== null && r.n !== undefined),
    total: Math.min(counted, SEARCH_COUNT_CAP),
    capped: counted > SEARCH_COUNT_CAP,
  };
}

/**
 * Newest matches a text section reads, before the viewer's visibility: the count and the ranked window come from the
 * readable ones among them. Checking every match's thread or model first cost a lookup per match (24,000 for two
 * words in a million comments: close to a second) where the page needs 201.
 */
const MATCHES_READ = 500;

/**
 * One page of a text section in one statement (decisions 0041, 0046, 0049):
 * - `matches`: the newest MATCHES_READ rows holding the words (a walk down the recency index for common words, the
 *   GIN bitmap for rare ones, as the planner judges): `id`, the recency as `at`, and what `readable` checks, newest
 *   first, without a limit (added here).
 * - `candidates`: those `readable` by the viewer (a condition on `m`, the match), one more than the cap, read as the
 *   matches come, numbered `rn`: the walk stops at the 201st readable one (decision 0049: reading all 500 first,
 *   then keeping 201, cost a vector test and a visibility check for each of them; a middling word's 500 newest
 *   reviews meant 1,900 vectors detoasted, its 500 comments 9,300 tested). The 500th match, readable or not, is kept
 *   as a marker: it tells that MATCHES_READ was reached. The count is the readable ones': a second statement
 *   counting the same matches cost more than the page. It says "at least" when the cap or MATCHES_READ was reached.
 * - `top`: the page, ranked by ts_rank_cd (the vector read from `table` by id) among the newest SEARCH_COUNT_CAP
 *   candidates, the window every page of the section comes from, and numbered `n`.
 * - `hits(top)`: only the page's rows joined to their names, with their `ts_headline` snippets, and `top.n`.
 * A page past the end still answers the count: one row without a hit.
 */
async function textPage(
  db: Database,
  o: {
    table: string;
    matches: SQL;
    readable: SQL;
    text: string;
    paging: TextPaging;
    hits: (top: SQL) => SQL;
  },
): Promise<{ hits: Record<string, unknown>[]; total: number; capped: boolean }> {
  // `ok` is computed in the numbered subquery (a window's, never flattened), once per match and only for the matches
  // the limit lets through.
  const result = await db.execute(sql`with candidates as materialized (select s.id, s.at, s.ok, s.rn
        from (select m.id, m.at, coalesce(${o.readable}, false) as ok,
            row_number() over (order by m.at desc, m.id desc) as rn
          from (${o.matches} limit ${MATCHES_READ}) m) s
        where s.ok or s.rn = ${MATCHES_READ} limit ${SEARCH_COUNT_CAP + 1}),
      top as (select c.id, row_number() over (order by c.rank desc, c.at desc, c.id desc) as n
        from (select c.id, c.at, ts_rank_cd(v.search_vector, ${tsQuery(o.text)}) as rank
          from (select id, at from candidates where ok order by at desc, id desc limit ${SEARCH_COUNT_CAP}) c
          join ${sql.raw(o.table)} v on v.id = c.id
          order by rank desc, c.at desc, c.id desc limit ${o.paging.perPage} offset ${offsetOf(o.paging)}) c)
    select counted.total, counted.read, hit.* from (select (select count(*) from candidates where ok)::int as total,
        (select max(rn) from candidates)::int as read) counted
      left join (${o.hits(sql`top`)}) hit on true
    order by hit.n`);
  const rows = rowsOf<Record<string, unknown>>(result);
  const counted = Number(rows[0]?.total ?? 0);
  return {
    hits: rows.filter((r) => r.id !== null && r.id !== undefined),
    total: Math.min(counted, SEARCH_COUNT_CAP),
    capped: counted > SEARCH_COUNT_CAP || Number(rows[0]?.read ?? 0) >= MATCHES_READ,
  };
}

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

export interface ReviewTextHit {
  id: number;
  title: string;
  snippet: string;
  rating: number | null;
  modelName: string;
  modelSlug: string;
  authorNickName: string | null;
  createdAt: string;
}

/** Published user reviews of models the viewer may see, best match first. */
export async function searchUserReviewText(
  db: Database,
  text: string,
  viewer: ModelViewer,
  paging: TextPaging,
): Promise<TextPage<ReviewTextHit>> {
  const visible = modelPageVisibleTo(viewer);
  const { hits, ...counted } = await textPage(db, {
    table: "user_reviews",
    matches: sql`select r.id, r.created_at as at, r.model_id from user_reviews r
      where r.search_vector @@ ${tsQuery(text)} and r.status = 'approved' and r.deleted_at is null
      order by r.created_at desc, r.id desc`,
    readable: any(sql`select true from models where models.id = m.model_id and ${visible}`),
    text,
    paging,
    hits: (top) => sql`select top.n, r.id, r.title, r.rating, r.created_at, models.name as model_name,
        models.slug as model_slug, u.nick_name, ${headline(sql`r.body`, text)} as snippet
      from ${top} join user_reviews r on r.id = top.id join models on models.id = r.model_id
      left join users u on u.id = r.user_id and u.deleted_at is null`,
  });
  return {
    rows: hits.map((r) => ({
      id: Number(r.id),
      title: String(r.title),
      snippet: String(r.snippet ?? ""),
      rating: r.rating === null || r.rating === undefined ? null : Number(r.rating),
      modelName: String(r.model_name),
      modelSlug: String(r.model_slug),
      authorNickName: (r.nick_name as string | null) ?? null,
      createdAt: iso(r.created_at),
    })),
    ...counted,
  };
}

export interface PostTextHit {
  id: number;
  type: "review" | "blog" | "news";
  postName: string;
  title: string;
  snippet: string;
  publishedAt: string;
}

/** Published posts (editorial reviews, blog, news) whose time has come, best match first. */
export async function searchPostText(
  db: Database,
  text: string,
  paging: TextPaging,
): Promise<TextPage<PostTextHit>> {
  const { hits, ...counted } = await textPage(db, {
    table: "posts",
    matches: sql`select p.id, p.published_at as at from posts p where p.search_vector @@ ${tsQuery(text)}
      and p.status = 'published' and p.deleted_at is null and p.published_at <= now()
      order by p.published_at desc, p.id desc`,
    readable: sql`true`,
    text,
    paging,
    hits: (top) => sql`select top.n, p.id, p.type, p.post_name, p.post_title, p.published_at,
        ${headline(sql`coalesce(nullif(p.excerpt, ''), p.body)`, text)} as snippet
      from ${top} join posts p on p.id = top.id`,
  });
  return {
    rows: hits.map((r) => ({
      id: Number(r.id),
      type: r.type as PostTextHit["type"],
      postName: String(r.post_name),
      title: String(r.post_title),
      snippet: String(r.snippet ?? ""),
      publishedAt: iso(r.published_at),
    })),
    ...counted,
  };
}

export interface CommentTextHit {
  id: number;
  zone: string;
  commentableId: number;
  snippet: string;
  authorName: string | null;
  createdAt: string;
  /** The page showing the thread, and its model's name when it is about one. */
  thread: { page: Commentable["page"]; modelName: string | null };
}

/**
 * Where a comment hangs is readable by the viewer, per zone (the thread pages' rules, comments-commentables.ts):
 * a visible model, a published review of one, a published post, a live profile, a published story of a visible
 * model (live from its publish_at by the site's clock), a published topic. Stats nickname threads are left out of
 * search (their pages are the stats tables'). On `m`, a comment matching the words.
 */
function commentTargetReadable(viewer: ModelViewer, now: Date): SQL {
  const visible = modelPageVisibleTo(viewer);
  // Each branch is a scalar subquery read by the thread's key, never an EXISTS (see `any`).
  return sql`case m.comment_zone
    when 'model' then ${any(sql`select true from models where models.id = m.commentable_id and ${visible}`)}
    when 'user_review' then ${any(sql`select true from user_reviews r join models on models.id = r.model_id
      where r.id = m.commentable_id and r.status = 'approved' and r.deleted_at is null and ${visible}`)}
    when 'post' then ${any(sql`select true from posts p where p.id = m.commentable_id and p.status = 'published'
      and p.deleted_at is null and p.published_at <= now()`)}
    when 'profile' then ${any(sql`select true from users pu where pu.id = m.commentable_id and pu.deleted_at is null`)}
    when 'story' then ${any(sql`select true from stories s join models on models.id = s.model_id
      where s.id = m.commentable_id and s.deleted_at is null and s.publish_at <= ${now} and ${visible}`)}
    when 'topic' then ${any(sql`select true from forum_topics t where t.id = m.commentable_id and t.deleted_at is null
      and t.status = 'published'`)}
    else false end`;
}

/**
 * Where a page's comment hangs, read with it (`c`, the comment): the parts of its thread page's address and the
 * model's name, a few keys per row instead of a statement per comment.
 */
const threadPlace = sql`case c.comment_zone
    when 'model' then (select json_build_object('name', x.name, 'slug', x.slug) from models x where x.id = c.commentable_id)
    when 'user_review' then (select json_build_object('name', x.name) from user_reviews r join models x on x.id = r.model_id
      where r.id = c.commentable_id)
    when 'post' then (select json_build_object('type', p.type, 'postName', p.post_name) from posts p where p.id = c.commentable_id)
    when 'profile' then (select json_build_object('nickName', pu.nick_name) from users pu where pu.id = c.commentable_id)
    when 'story' then (select json_build_object('name', x.name, 'slug', x.slug) from stories s join models x on x.id = s.model_id
      where s.id = c.commentable_id)
    when 'topic' then (select json_build_object('topicSlug', t.slug, 'categorySlug', fc.slug) from forum_topics t
      join forum_categories fc on fc.id = t.category_id where t.id = c.commentable_id)
    end`;

type PlaceRow = Record<string, string> | null;

function threadOf(zone: string, id: number, place: PlaceRow): CommentTextHit["thread"] | null {
  if (!place) return null;
  const modelName = place.name ?? null;
  switch (zone) {
    case "model":
      return { page: { kind: "model", slug: String(place.slug) }, modelName };
    case "user_review":
      return { page: { kind: "user_review", id }, modelName };
    case "post":
      return {
        page: {
          kind: "post",
          type: place.type as "review" | "blog" | "news",
          postName: String(place.postName),
        },
        modelName: null,
      };
    case "profile":
      return { page: { kind: "profile", nickName: String(place.nickName) }, modelName: null };
    case "story":
      return { page: { kind: "story", modelSlug: String(place.slug), id }, modelName };
    case "topic":
      return {
        page: { kind: "topic", categorySlug: String(place.categorySlug), topicSlug: String(place.topicSlug) },
        modelName: null,
      };
    default:
      return null;
  }
}

/** Comments neither deleted nor hidden, in threads the viewer may read, best match first. */
export async function searchCommentText(
  db: Database,
  text: string,
  viewer: ModelViewer,
  paging: TextPaging,
  /** The site's clock, which decides whether a story is live yet. */
  now: Date = new Date(),
): Promise<TextPage<CommentTextHit>> {
  const { hits, ...counted } = await textPage(db, {
    table: "comments",
    matches: sql`select c.id, c.created_at as at, c.comment_zone, c.commentable_id from comments c
      where c.search_vector @@ ${tsQuery(text)} and c.deleted_at is null and not c.deleted_by_model
      order by c.created_at desc, c.id desc`,
    readable: commentTargetReadable(viewer, now),
    text,
    paging,
    hits: (top) => sql`select top.n, c.id, c.comment_zone, c.commentable_id, c.created_at,
        coalesce(u.nick_name, c.author_name) as author_name, ${headline(sql`c.text`, text)} as snippet,
        ${threadPlace} as place
      from ${top} join comments c on c.id = top.id left join users u on u.id = c.user_id and u.deleted_at is null`,
  });
  return {
    // A thread gone between the match and its place (deleted meanwhile) leaves its comment out.
    rows: hits.flatMap((r) => {
      const thread = threadOf(String(r.comment_zone), Number(r.commentable_id), r.place as PlaceRow);
      return thread
        ? [
            {
              id: Number(r.id),
              zone: String(r.comment_zone),
              commentableId: Number(r.commentable_id),
              snippet: String(r.snippet ?? ""),
              authorName: (r.author_name as string | null) ?? null,
              createdAt: iso(r.created_at),
              thread,
            },
          ]
        : [];
    }),
    ...counted,
  };
}

export interface TopicTextHit {
  id: number;
  title: string;
  slug: string;
  categorySlug: string;
  categoryTitle: string;
  snippet: string;
  postsCount: number;
  lastPostAt: string | null;
  /** The post whose words found the topic (its title did not), with its place in the thread. */
  post: { id: number; position: number } | null;
}

/**
 * Published forum topics by their title or by the words of one of their published posts, best match first, one row
 * per topic. A title match ranks double and shows the title; otherwise the topic shows its best matching post's
 * snippet and leads to that post. A topic linked to a model the viewer may not see is left out (the forum lists
 * such a topic under her page only).
 */
export async function searchTopicText(
  db: Database,
  text: string,
  viewer: ModelViewer,
  paging: TextPaging,
): Promise<TextPage<TopicTextHit>> {
  const q = tsQuery(text);
  const topicLive = sql`t.deleted_at is null and t.status = 'published' and t.merged_into_topic_id is null`;
  const topicShown = sql`not ${any(sql`select true from forum_topic_models l join models on models.id = l.model_id
      where l.topic_id = t.id and not coalesce(${modelPageVisibleTo(viewer)}, false)`)}`;
  const topicReadable = sql`${topicLive} and ${topicShown}`;
  const postReadable = sql`p.status = 'published' and p.deleted_at is null and p.position is not null`;
  // The newest matching titles and the newest matching posts, each one more than the cap (decision 0046); one row
  // per topic, its best reason first. The count is of those topics: at least, when either side filled its window.
  // Matching titles are sorted first and ranked and checked for a hidden model only until the window is full
  // (decision 0049: "show" is in 7,700 of 20,000 titles, each checked and ranked before: 25 ms).
  const window = SEARCH_COUNT_CAP + 1;
  const [row, ...more] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`with titles as materialized (select t.id as topic_id, null::int as post_id,
          null::int as position, 2 * ts_rank_cd(t.search_vector, ${q}) as score, t.last_post_at as recency
        from (select t.id, t.last_post_at, t.search_vector from forum_topics t where t.search_vector @@ ${q} and ${topicLive}
          order by t.last_post_at desc nulls last, t.id desc offset 0) t
        where ${topicShown} order by t.last_post_at desc nulls last, t.id desc limit ${window}),
      posts as materialized (select p.topic_id, p.id as post_id, p.position,
          ts_rank_cd(p.search_vector, ${q}) as score, p.created_at as recency
        from (select p.id, p.topic_id, p.position, p.search_vector, p.created_at from forum_posts p
          join forum_topics t on t.id = p.topic_id
          where p.search_vector @@ ${q} and ${postReadable} and ${topicReadable}
          order by p.created_at desc, p.id desc limit ${window}) p),
      matches as materialized (select distinct on (m.topic_id) m.* from (select * from titles union all select * from posts) m
        order by m.topic_id, m.score desc, m.post_id nulls first),
      top as (select * from matches m order by m.score desc, m.recency desc nulls last, m.topic_id desc
        limit ${paging.perPage} offset ${offsetOf(paging)})
    select counted.*, hit.* from (select (select count(*) from matches)::int as total,
        (select count(*) from titles)::int as titles, (select count(*) from posts)::int as posts) counted
      left join (select t.id, t.title, t.slug, fc.slug as category_slug, fc.title as category_title,
          t.posts_count, t.last_post_at, top.post_id, top.position, top.score, top.recency,
          case when top.post_id is null then ${headline(sql`t.title`, text)}
            else ${headline(sql`(select body from forum_posts where id = top.post_id)`, text)} end as snippet
        from top join forum_topics t on t.id = top.topic_id join forum_categories fc on fc.id = t.category_id) hit on true
    order by hit.score desc, hit.recency desc nulls last, hit.id desc`),
  );
  const total = Number(row?.total ?? 0);
  const hits = row ? [row, ...more].filter((r) => r.id !== null && r.id !== undefined) : [];
  return {
    rows: hits.map((r) => ({
      id: Number(r.id),
      title: String(r.title),
      slug: String(r.slug),
      categorySlug: String(r.category_slug),
      categoryTitle: String(r.category_title),
      snippet: String(r.snippet ?? ""),
      postsCount: Number(r.posts_count),
      lastPostAt: r.last_post_at ? iso(r.last_post_at) : null,
      post:
        r.post_id === null || r.post_id === undefined
          ? null
          : { id: Number(r.post_id), position: Number(r.position) },
    })),
    total: Math.min(total, SEARCH_COUNT_CAP),
    capped:
      total > SEARCH_COUNT_CAP || Number(row?.titles ?? 0) >= window || Number(row?.posts ?? 0) >= window,
  };
}

export interface UserNameHit {
  id: number;
  nickName: string;
  avatarPath: string | null;
  avatarBlurhash: string | null;
}

/**
 * Live accounts by nick_name: containing the query (trigram index), or close to it when misspelt (trigram
 * similarity); the exact name first, then prefixes, then the closest. The matches are read once, with their sort
 * keys, and both the page and the capped count come from them (decision 0049): a count of its own under `limit`
 * looked cheap to the planner as a scan of every account computing each one's similarity (45 ms at 20,000 accounts
 * for "king_james5", against 2 ms through the index).
 */
export async function searchUserNames(
  db: Database,
  text: string,
  paging: TextPaging,
): Promise<TextPage<UserNameHit>> {
  const q = text.trim().toLowerCase();
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`with matches as materialized (select u.id, lower(u.nick_name) = ${q} as exact,
          lower(u.nick_name) like ${`${escaped}%`} as prefix, similarity(u.nick_name, ${q}) as sim
        from users u where u.deleted_at is null and (u.nick_name ilike ${`%${escaped}%`} or u.nick_name % ${q})),
      top as (select t.id, row_number() over (order by t.exact desc, t.prefix desc, t.sim desc, t.id) as n
        from (select * from matches m order by m.exact desc, m.prefix desc, m.sim desc, m.id
          limit ${paging.perPage} offset ${offsetOf(paging)}) t)
    select counted.matched, hit.* from
        (select count(*)::int as matched from (select 1 from matches limit ${SEARCH_COUNT_CAP + 1}) m) counted
      left join (select top.n, u.id, u.nick_name, md.path as avatar_path, md.blurhash as avatar_blurhash
        from top join users u on u.id = top.id left join media md on md.id = u.avatar_media_id and md.deleted_at is null) hit on true
    order by hit.n`),
  );
  const counted = Number(rows[0]?.matched ?? 0);
  return {
    rows: rows
      .filter((r) => r.n !== null && r.n !== undefined)
      .map((r) => ({
        id: Number(r.id),
        nickName: String(r.nick_name),
        avatarPath: (r.avatar_path as string | null) ?? null,
        avatarBlurhash: (r.avatar_blurhash as string | null) ?? null,
      })),
    total: Math.min(counted, SEARCH_COUNT_CAP),
    capped: counted > SEARCH_COUNT_CAP,
  };
}

export interface SnapshotHit {
  id: number;
  url: string | null;
  mediaPath: string | null;
  topic: string | null;
  takenAt: string;
  blurhash: string | null;
  nickname: string;
  camSiteId: number;
  camSiteSlug: string;
}

/**
 * Live snapshots by their nickname (containing the query), their topic (containing it) or their camsite (the ids
 * whose name the query names), newest first; a nickname of a model the viewer may not see is left out.
 */
export async function searchSnapshots(
  db: Database,
  text: string,
  camSiteIds: readonly number[],
  viewer: ModelViewer,
  paging: TextPaging,
): Promise<TextPage<SnapshotHit>> {
  const q = text.trim().toLowerCase();
  const contains = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const camsites = camSiteIds.filter(Number.isInteger);
  const matches: SQL[] = [sql`lower(n.nickname) like ${contains}`, sql`r.topic ilike ${contains}`];
  if (camsites.length)
    matches.push(sql`n.cam_site_id = any(${sql.raw(`array[${camsites.join(",")}]::int[]`)})`);
  const where = sql`r.type = 'snapshot' and n.deleted_at is null and ${statsVisibleTo(viewer)}
    and (${sql.join(matches, sql` or `)})`;
  const from = sql`image_records r join nicknames n on n.id = r.nickname_id left join models on models.id = n.model_id`;
  const { rows, ...counted } = await pageAndCount(db, {
    page: sql`select r.id, r.url, md.path as media_path, r.topic, r.taken_at, n.nickname, n.cam_site_id,
        coalesce(r.blurhash, md.blurhash) as blurhash,
        cs.slug as cam_site_slug
      from ${from} join cam_sites cs on cs.id = n.cam_site_id
      left join media md on md.id = r.media_id and md.deleted_at is null
      where ${where} order by r.taken_at desc, r.id desc
      limit ${paging.perPage} offset ${offsetOf(paging)}`,
    from,
    where,
  });
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      url: (r.url as string | null) ?? null,
      mediaPath: (r.media_path as string | null) ?? null,
      topic: (r.topic as string | null) ?? null,
      takenAt: iso(r.taken_at),
      blurhash: (r.blurhash as string | null) ?? null,
      nickname: String(r.nickname),
      camSiteId: Number(r.cam_site_id),
      camSiteSlug: String(r.cam_site_slug),
    })),
    ...counted,
  };
}
