import { z } from "zod";
import { aiFiltersSchema } from "../ai-search/ai-filters.ts";
import { TEXT_LIMITS } from "../limits.ts";
import { MAX_PER_PAGE, PAGE_SIZE } from "../page-sizes.ts";
import { listQuerySchema, queryInt, queryStringArray } from "../schemas/list-query.ts";
import { pageEnvelope } from "../schemas/page-envelope.ts";
import { SEARCH_TEXT_MAX, searchQuery } from "../schemas/search-query.ts";
import { statsNicknameListSchema } from "../schemas/stats.ts";
import { endpoint } from "./endpoint.ts";
import { modelListCardReply } from "./models.ts";

// The header search's typeahead (the model list's search is GET /models?query=…).

export const typeaheadItemReply = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  avatar_path: z.string().nullable(),
  /** The name or nickname that matched the query. */
  matched: z.string(),
  /** The camsite of the matching nickname; null when her name matched. */
  cam_site: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type TypeaheadItemReply = z.output<typeof typeaheadItemReply>;

export const searchEndpoints = {
  typeahead: endpoint({
    method: "get",
    path: "/search/typeahead",
    // Normalised here (searchQuery): what the caches, the index and the database search all take.
    query: z.object({ query: searchQuery(SEARCH_TEXT_MAX).prefault("") }),
    reply: z.object({ data: z.array(typeaheadItemReply) }),
  }),
};

// Search everywhere (decision 0031): one call returns the first page and count of every section asked for; each
// section also pages on its own. Snippets come as segments — the matched words flagged — never as HTML.

/** The sections of the search page, in the order it shows them. */
export const SEARCH_SECTIONS = [
  "models",
  "reviews",
  "posts",
  "comments",
  "users",
  "stats",
  "topics",
  "snapshots",
] as const;
export type SearchSection = (typeof SEARCH_SECTIONS)[number];

/** Each section's page size (spec §9); posts page like reviews. */
export const SEARCH_SECTION_SIZES: Record<SearchSection, number> = {
  models: PAGE_SIZE.modelSearch,
  reviews: PAGE_SIZE.reviewSearch,
  posts: PAGE_SIZE.reviewSearch,
  comments: PAGE_SIZE.commentSearch,
  users: PAGE_SIZE.userSearch,
  stats: PAGE_SIZE.statsSearch,
  topics: PAGE_SIZE.topicSearch,
  snapshots: PAGE_SIZE.snapshotSearch,
};

/**
 * Sections count their matches up to this many only; past it they say "200+". A text section ranks the same newest
 * matches its count reads, so every page of it comes from one window (decisions 0041, 0046).
 */
export const SEARCH_COUNT_CAP = 200;

/** Shortest search the sections run (a single letter matches everything and helps no one). */
export const SEARCH_MIN_LENGTH = 2;

export const snippetSchema = z.array(z.object({ text: z.string(), hit: z.boolean() }));
export type Snippet = z.output<typeof snippetSchema>;

export const reviewHitReply = z.object({
  id: z.number().int(),
  title: z.string(),
  snippet: snippetSchema,
  rating: z.number().int().nullable(),
  model: z.object({ name: z.string(), slug: z.string() }),
  author_nick_name: z.string().nullable(),
  created_at: z.string(),
  url: z.string(),
});
export const postHitReply = z.object({
  id: z.number().int(),
  type: z.enum(["review", "blog", "news"]),
  title: z.string(),
  snippet: snippetSchema,
  published_at: z.string(),
  url: z.string(),
});
export const commentHitReply = z.object({
  id: z.number().int(),
  snippet: snippetSchema,
  author_name: z.string().nullable(),
  created_at: z.string(),
  /** What the thread hangs on, as its page names it. */
  where: z.string(),
  url: z.string(),
});
export const userHitReply = z.object({
  id: z.number().int(),
  nick_name: z.string(),
  avatar_path: z.string().nullable(),
  /** The avatar's blur placeholder; null without one. */
  avatar_placeholder: z.string().nullable(),
  url: z.string(),
});
export const topicHitReply = z.object({
  id: z.number().int(),
  title: z.string(),
  /** From the title, or from the post that matched when the title did not. */
  snippet: snippetSchema,
  /** The post whose words found the topic (url then leads to it); null when the title matched. */
  post_id: z.number().int().nullable(),
  category: z.object({ slug: z.string(), title: z.string() }),
  posts_count: z.number().int(),
  last_post_at: z.string().nullable(),
  url: z.string(),
});
const statsHitReply = statsNicknameListSchema.shape.data.element;
export const snapshotHitReply = z.object({
  id: z.number().int(),
  url: z.string().nullable(),
  topic: z.string().nullable(),
  taken_at: z.string(),
  /** The picture's blur placeholder (a tiny bitmap data URL, from its BlurHash); null while it has none. */
  placeholder: z.string().nullable(),
  nickname: z.string(),
  cam_site: z.object({ id: z.number().int(), name: z.string() }),
  /** The nickname's stats page (its snapshots tab). */
  page_url: z.string(),
});

/** `capped`: counting stopped early (at SEARCH_COUNT_CAP, or topics after reading that many matching titles or posts): at least `total`. */
const cappedFlag = z.boolean();

const sectionOf = <Item extends z.ZodType>(item: Item) =>
  z.object({ data: z.array(item), total: z.number().int().nonnegative(), capped: cappedFlag });

export const searchAllReply = z.object({
  query: z.string(),
  sections: z.object({
    models: sectionOf(modelListCardReply).optional(),
    reviews: sectionOf(reviewHitReply).optional(),
    posts: sectionOf(postHitReply).optional(),
    comments: sectionOf(commentHitReply).optional(),
    users: sectionOf(userHitReply).optional(),
    stats: sectionOf(statsHitReply).optional(),
    topics: sectionOf(topicHitReply).optional(),
    snapshots: sectionOf(snapshotHitReply).optional(),
  }),
});
export type SearchAllReply = z.output<typeof searchAllReply>;

const textQuery = searchQuery(TEXT_LIMITS.query).prefault("");

const sectionQuery = (section: SearchSection) =>
  listQuerySchema.extend({
    query: textQuery,
    per_page: queryInt()
      .pipe(z.number().int().min(1).max(MAX_PER_PAGE))
      .default(SEARCH_SECTION_SIZES[section]),
  });

const sectionEndpoint = <Item extends z.ZodType>(section: SearchSection, item: Item) =>
  endpoint({
    method: "get",
    path: `/search/${section}`,
    query: sectionQuery(section),
    reply: pageEnvelope(item).extend({ capped: cappedFlag }),
  });

export const searchAllEndpoints = {
  all: endpoint({
    method: "get",
    path: "/search",
    query: z.object({
      query: textQuery,
      sections: queryStringArray()
        .pipe(z.array(z.enum(SEARCH_SECTIONS)))
        .optional(),
      /** At most this many hits per section (the header's best few); each section's own size when absent. */
      limit: queryInt().pipe(z.number().int().min(1).max(12)).optional(),
    }),
    reply: searchAllReply,
  }),
  models: sectionEndpoint("models", modelListCardReply),
  reviews: sectionEndpoint("reviews", reviewHitReply),
  posts: sectionEndpoint("posts", postHitReply),
  comments: sectionEndpoint("comments", commentHitReply),
  users: sectionEndpoint("users", userHitReply),
  stats: sectionEndpoint("stats", statsHitReply),
  topics: sectionEndpoint("topics", topicHitReply),
  snapshots: sectionEndpoint("snapshots", snapshotHitReply),
};

// AI search (decision 0032): plain words read into filters shown as chips; models meeting them, 10 a page, each
// with her latest snapshots. Never by face or image similarity.

export const aiSnapshotReply = z.object({
  id: z.number().int(),
  url: z.string().nullable(),
  taken_at: z.string(),
  /** The picture's blur placeholder (a tiny bitmap data URL, from its BlurHash); null while it has none. */
  placeholder: z.string().nullable(),
});

export const aiSearchModelReply = modelListCardReply.extend({ snapshots: z.array(aiSnapshotReply) });

export const filterChipReply = z.object({ key: z.string(), label: z.string(), phrase: z.string() });

export const aiSearchReply = pageEnvelope(aiSearchModelReply).extend({
  query: z.string(),
  filters: aiFiltersSchema,
  chips: z.array(filterChipReply),
});
export type AiSearchReply = z.output<typeof aiSearchReply>;

export const aiSearchEndpoints = {
  ai: endpoint({
    method: "get",
    path: "/search/ai",
    query: listQuerySchema.extend({
      query: z.string().trim().max(TEXT_LIMITS.query).prefault(""),
      per_page: queryInt().pipe(z.number().int().min(1).max(MAX_PER_PAGE)).default(PAGE_SIZE.aiSearch),
      /** The visitor's IANA time zone ("usually online at 9 pm" is hers); UTC when absent or unknown. */
      time_zone: z.string().max(64).optional(),
    }),
    reply: aiSearchReply,
  }),
};
