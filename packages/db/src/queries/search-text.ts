import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
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
  total: number;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const offsetOf = (paging: TextPaging) => (Math.max(1, paging.page) - 1) * paging.perPage;

/**
 * Long texts are ranked among their newest matches only: ts_rank_cd reads each match's whole vector, which for a
 * word in every review of a large site costs seconds (decision 0031). Deeper pages widen the window.
 */
const RANKED_CANDIDATES = 500;
const candidatesOf = (paging: TextPaging) => Math.max(RANKED_CANDIDATES, offsetOf(paging) + paging.perPage);

function totalOf(result: unknown): number {
  return Number(rowsOf<{ total: number }>(result)[0]?.total ?? 0);
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
  const where = sql`r.search_vector @@ ${tsQuery(text)} and r.status = 'approved' and r.deleted_at is null
    and ${modelPageVisibleTo(viewer)}`;
  const from = sql`user_reviews r join models on models.id = r.model_id`;
  const [rows, counted] = await Promise.all([
    db.execute(sql`select r.id, r.title, r.rating, r.created_at, models.name as model_name, models.slug as model_slug,
        u.nick_name, ${headline(sql`r.body`, text)} as snippet
      from (select r.id, r.search_vector, r.created_at from ${from} where ${where}
        order by r.created_at desc, r.id desc limit ${candidatesOf(paging)}) c
      join user_reviews r on r.id = c.id join models on models.id = r.model_id
      left join users u on u.id = r.user_id and u.deleted_at is null
      order by ts_rank_cd(c.search_vector, ${tsQuery(text)}) desc, c.created_at desc, c.id desc
      limit ${paging.perPage} offset ${offsetOf(paging)}`),
    db.execute(sql`select count(*)::int as total from ${from} where ${where}`),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows).map((r) => ({
      id: Number(r.id),
      title: String(r.title),
      snippet: String(r.snippet ?? ""),
      rating: r.rating === null || r.rating === undefined ? null : Number(r.rating),
      modelName: String(r.model_name),
      modelSlug: String(r.model_slug),
      authorNickName: (r.nick_name as string | null) ?? null,
      createdAt: iso(r.created_at),
    })),
    total: totalOf(counted),
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
  const where = sql`p.search_vector @@ ${tsQuery(text)} and p.status = 'published' and p.deleted_at is null
    and p.published_at <= now()`;
  const [rows, counted] = await Promise.all([
    db.execute(sql`select p.id, p.type, p.post_name, p.post_title, p.published_at,
        ${headline(sql`coalesce(nullif(p.excerpt, ''), p.body)`, text)} as snippet
      from (select p.id, p.search_vector from posts p where ${where}
        order by p.published_at desc, p.id desc limit ${candidatesOf(paging)}) c
      join posts p on p.id = c.id
      order by ts_rank_cd(c.search_vector, ${tsQuery(text)}) desc, p.published_at desc, p.id desc
      limit ${paging.perPage} offset ${offsetOf(paging)}`),
    db.execute(sql`select count(*)::int as total from posts p where ${where}`),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows).map((r) => ({
      id: Number(r.id),
      type: r.type as PostTextHit["type"],
      postName: String(r.post_name),
      title: String(r.post_title),
      snippet: String(r.snippet ?? ""),
      publishedAt: iso(r.published_at),
    })),
    total: totalOf(counted),
  };
}

export interface CommentTextHit {
  id: number;
  zone: string;
  commentableId: number;
  snippet: string;
  authorName: string | null;
  createdAt: string;
}

/**
 * Where a comment hangs is readable by the viewer, per zone (the thread pages' rules, comments-commentables.ts):
 * a visible model, a published review of one, a published post, a live profile, a published story of a visible
 * model, a published topic. Stats nickname threads are left out of search (their pages are the stats tables').
 */
function commentTargetReadable(viewer: ModelViewer): SQL {
  const visible = modelPageVisibleTo(viewer);
  return sql`case c.comment_zone
    when 'model' then exists (select 1 from models where models.id = c.commentable_id and ${visible})
    when 'user_review' then exists (select 1 from user_reviews r join models on models.id = r.model_id
      where r.id = c.commentable_id and r.status = 'approved' and r.deleted_at is null and ${visible})
    when 'post' then exists (select 1 from posts p where p.id = c.commentable_id and p.status = 'published'
      and p.deleted_at is null and p.published_at <= now())
    when 'profile' then exists (select 1 from users pu where pu.id = c.commentable_id and pu.deleted_at is null)
    when 'story' then exists (select 1 from stories s join models on models.id = s.model_id
      where s.id = c.commentable_id and s.deleted_at is null and s.published_at <= now() and ${visible})
    when 'topic' then exists (select 1 from forum_topics t where t.id = c.commentable_id and t.deleted_at is null
      and t.status = 'published')
    else false end`;
}

/** Comments neither deleted nor hidden, in threads the viewer may read, best match first. */
export async function searchCommentText(
  db: Database,
  text: string,
  viewer: ModelViewer,
  paging: TextPaging,
): Promise<TextPage<CommentTextHit>> {
  const where = sql`c.search_vector @@ ${tsQuery(text)} and c.deleted_at is null and not c.deleted_by_model
    and ${commentTargetReadable(viewer)}`;
  const [rows, counted] = await Promise.all([
    db.execute(sql`select c.id, c.comment_zone, c.commentable_id, c.created_at,
        coalesce(u.nick_name, c.author_name) as author_name, ${headline(sql`c.text`, text)} as snippet
      from comments c left join users u on u.id = c.user_id and u.deleted_at is null
      where ${where}
      order by ts_rank_cd(c.search_vector, ${tsQuery(text)}) desc, c.created_at desc, c.id desc
      limit ${paging.perPage} offset ${offsetOf(paging)}`),
    db.execute(sql`select count(*)::int as total from comments c where ${where}`),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows).map((r) => ({
      id: Number(r.id),
      zone: String(r.comment_zone),
      commentableId: Number(r.commentable_id),
      snippet: String(r.snippet ?? ""),
      authorName: (r.author_name as string | null) ?? null,
      createdAt: iso(r.created_at),
    })),
    total: totalOf(counted),
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
}

/**
 * Published forum topics by their title, best match first. A topic linked to a model the viewer may not see is
 * left out (the forum lists such a topic under her page only).
 */
export async function searchTopicText(
  db: Database,
  text: string,
  viewer: ModelViewer,
  paging: TextPaging,
): Promise<TextPage<TopicTextHit>> {
  const where = sql`t.search_vector @@ ${tsQuery(text)} and t.deleted_at is null and t.status = 'published'
    and t.merged_into_topic_id is null
    and not exists (select 1 from forum_topic_models l join models on models.id = l.model_id
      where l.topic_id = t.id and not coalesce(${modelPageVisibleTo(viewer)}, false))`;
  const from = sql`forum_topics t join forum_categories fc on fc.id = t.category_id`;
  const [rows, counted] = await Promise.all([
    db.execute(sql`select t.id, t.title, t.slug, fc.slug as category_slug, fc.title as category_title,
        t.posts_count, t.last_post_at, ${headline(sql`t.title`, text)} as snippet
      from ${from} where ${where}
      order by ts_rank_cd(t.search_vector, ${tsQuery(text)}) desc, t.last_post_at desc nulls last, t.id desc
      limit ${paging.perPage} offset ${offsetOf(paging)}`),
    db.execute(sql`select count(*)::int as total from ${from} where ${where}`),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows).map((r) => ({
      id: Number(r.id),
      title: String(r.title),
      slug: String(r.slug),
      categorySlug: String(r.category_slug),
      categoryTitle: String(r.category_title),
      snippet: String(r.snippet ?? ""),
      postsCount: Number(r.posts_count),
      lastPostAt: r.last_post_at ? iso(r.last_post_at) : null,
    })),
    total: totalOf(counted),
  };
}

export interface UserNameHit {
  id: number;
  nickName: string;
  avatarPath: string | null;
}

/**
 * Live accounts by nick_name: containing the query (trigram index), or close to it when misspelt (trigram
 * similarity); the exact name first, then prefixes, then the closest.
 */
export async function searchUserNames(
  db: Database,
  text: string,
  paging: TextPaging,
): Promise<TextPage<UserNameHit>> {
  const q = text.trim().toLowerCase();
  const contains = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = sql`u.deleted_at is null and (u.nick_name ilike ${contains} or u.nick_name % ${q})`;
  const [rows, counted] = await Promise.all([
    db.execute(sql`select u.id, u.nick_name, md.path as avatar_path
      from users u left join media md on md.id = u.avatar_media_id and md.deleted_at is null
      where ${where}
      order by lower(u.nick_name) = ${q} desc, lower(u.nick_name) like ${`${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} desc,
        similarity(u.nick_name, ${q}) desc, u.id
      limit ${paging.perPage} offset ${offsetOf(paging)}`),
    db.execute(sql`select count(*)::int as total from users u where ${where}`),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows).map((r) => ({
      id: Number(r.id),
      nickName: String(r.nick_name),
      avatarPath: (r.avatar_path as string | null) ?? null,
    })),
    total: totalOf(counted),
  };
}

export interface SnapshotHit {
  id: number;
  url: string | null;
  mediaPath: string | null;
  topic: string | null;
  takenAt: string;
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
  const [rows, counted] = await Promise.all([
    db.execute(sql`select r.id, r.url, md.path as media_path, r.topic, r.taken_at, n.nickname, n.cam_site_id,
        cs.slug as cam_site_slug
      from ${from} join cam_sites cs on cs.id = n.cam_site_id
      left join media md on md.id = r.media_id and md.deleted_at is null
      where ${where} order by r.taken_at desc, r.id desc
      limit ${paging.perPage} offset ${offsetOf(paging)}`),
    db.execute(sql`select count(*)::int as total from ${from} where ${where}`),
  ]);
  return {
    rows: rowsOf<Record<string, unknown>>(rows).map((r) => ({
      id: Number(r.id),
      url: (r.url as string | null) ?? null,
      mediaPath: (r.media_path as string | null) ?? null,
      topic: (r.topic as string | null) ?? null,
      takenAt: iso(r.taken_at),
      nickname: String(r.nickname),
      camSiteId: Number(r.cam_site_id),
      camSiteSlug: String(r.cam_site_slug),
    })),
    total: totalOf(counted),
  };
}
