import type {
  Commentable,
  CommentTextHit,
  PostTextHit,
  ReviewTextHit,
  SnapshotHit,
  searchModelsTypeahead,
  TopicTextHit,
  UserNameHit,
} from "@camatlas/db";
import { HIT_END, HIT_START } from "@camatlas/db";
import { blurPlaceholder, findCamsiteById, postPath } from "@camatlas/shared";
import type { SearchAllReply, Snippet, TypeaheadItemReply } from "@camatlas/shared/api-contract";
import { commentAnchor } from "@camatlas/shared/comments";
import { threadPagePath } from "../comments/comment-page-path.ts";
import { topicUrl } from "../forum/presenter.ts";

type TypeaheadRow = Awaited<ReturnType<typeof searchModelsTypeahead>>[number];
type Sections = Required<SearchAllReply["sections"]>;
type Item<S extends keyof Sections> = Sections[S]["data"][number];

/** A typeahead match: the model, the name or nickname that matched, and that nickname's camsite. */
export function presentTypeaheadItem(row: TypeaheadRow): TypeaheadItemReply {
  const camsite = row.camSiteId !== null ? findCamsiteById(row.camSiteId) : undefined;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    avatar_path: row.avatarPath ? `/media/${row.avatarPath}` : null,
    matched: row.matched,
    cam_site: camsite ? { id: camsite.id, name: camsite.name } : null,
  };
}

/**
 * A headline's marked text as plain segments, the matched words flagged: pages render them as text (escaped like
 * any text), so markup in what someone wrote stays visible as written and never becomes markup.
 */
export function snippetSegments(headline: string): Snippet {
  const segments: Snippet = [];
  const pattern = new RegExp(`${HIT_START}([^${HIT_END}]*)${HIT_END}`, "g");
  let last = 0;
  for (const match of headline.matchAll(pattern)) {
    if (match.index > last) segments.push({ text: headline.slice(last, match.index), hit: false });
    segments.push({ text: match[1] ?? "", hit: true });
    last = match.index + match[0].length;
  }
  if (last < headline.length) segments.push({ text: headline.slice(last), hit: false });
  // A stray marker (never in stored text, but never shown either).
  return segments
    .map((s) => ({ ...s, text: s.text.replaceAll(HIT_START, "").replaceAll(HIT_END, "") }))
    .filter((s) => s.text !== "");
}

export function presentReviewHit(row: ReviewTextHit): Item<"reviews"> {
  return {
    id: row.id,
    title: row.title,
    snippet: snippetSegments(row.snippet),
    rating: row.rating,
    model: { name: row.modelName, slug: row.modelSlug },
    author_nick_name: row.authorNickName,
    created_at: row.createdAt,
    url: `/user-reviews/${row.id}`,
  };
}

export function presentPostHit(row: PostTextHit): Item<"posts"> {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    snippet: snippetSegments(row.snippet),
    published_at: row.publishedAt,
    url: postPath(row.type, row.postName),
  };
}

/** Where a comment's thread is: the words naming it on the results, and its page. */
export function commentPlace(place: Pick<Commentable, "page" | "modelName">): {
  where: string;
  path: string;
} {
  const page = place.page;
  const where =
    page.kind === "profile"
      ? page.nickName
      : page.kind === "post"
        ? page.postName
        : page.kind === "topic"
          ? page.topicSlug
          : page.kind === "stats_nickname"
            ? page.nickname
            : (place.modelName ?? "");
  return { where, path: threadPagePath(page) };
}

export function presentCommentHit(
  row: CommentTextHit,
  place: { where: string; path: string },
): Item<"comments"> {
  return {
    id: row.id,
    snippet: snippetSegments(row.snippet),
    author_name: row.authorName,
    created_at: row.createdAt,
    where: place.where,
    url: `${place.path}#${commentAnchor(row.id)}`,
  };
}

export function presentUserHit(row: UserNameHit): Item<"users"> {
  return {
    id: row.id,
    nick_name: row.nickName,
    avatar_path: row.avatarPath ? `/media/${row.avatarPath}` : null,
    avatar_placeholder: row.avatarPath ? blurPlaceholder(row.avatarBlurhash) : null,
    url: `/users/${encodeURIComponent(row.nickName)}`,
  };
}

export function presentTopicHit(row: TopicTextHit): Item<"topics"> {
  return {
    id: row.id,
    title: row.title,
    snippet: snippetSegments(row.snippet),
    category: { slug: row.categorySlug, title: row.categoryTitle },
    post_id: row.post?.id ?? null,
    posts_count: row.postsCount,
    last_post_at: row.lastPostAt,
    url: topicUrl(row, row.post?.position),
  };
}

export function presentSnapshotHit(row: SnapshotHit): Item<"snapshots"> {
  const camsite = findCamsiteById(row.camSiteId);
  return {
    id: row.id,
    url: row.mediaPath ? `/media/${row.mediaPath}` : row.url,
    topic: row.topic,
    taken_at: row.takenAt,
    placeholder: blurPlaceholder(row.blurhash),
    nickname: row.nickname,
    cam_site: { id: row.camSiteId, name: camsite?.name ?? row.camSiteSlug },
    page_url: `/stats/${encodeURIComponent(row.camSiteSlug)}/${encodeURIComponent(row.nickname)}?tab=snapshots`,
  };
}
