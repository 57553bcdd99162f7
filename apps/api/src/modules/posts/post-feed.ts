import type { PostDetailRow } from "@camatlas/db";
import { POST_LIST_PATHS, type PostType, postPath } from "@camatlas/shared";
import { Feed } from "feed";
import { postHtmlText } from "./sanitize-post-html.ts";

// A kind's RSS 2.0 / Atom 1.0 feed, built by the `feed` package (escaping, dates and the two formats' rules).

export const FEED_ITEMS = 20;

const FEED_TITLES: Record<PostType, string> = {
  review: "Reviews",
  blog: "Blog",
  news: "News",
};

/** Absolute links: feeds are read outside the site. */
const absolute = (publicUrl: string, path: string) => new URL(path, publicUrl).toString();

export function buildPostFeed(input: {
  type: PostType;
  format: "rss" | "atom";
  rows: readonly PostDetailRow[];
  productName: string;
  publicUrl: string;
  imageUrl: (path: string) => string;
  now: Date;
}): string {
  const { type, rows, publicUrl } = input;
  const feedPath = (format: string) => `/api/feeds/${type}?format=${format}`;
  const feed = new Feed({
    id: absolute(publicUrl, POST_LIST_PATHS[type]),
    title: `${FEED_TITLES[type]} · ${input.productName}`,
    link: absolute(publicUrl, POST_LIST_PATHS[type]),
    language: "en",
    updated: rows[0]?.publishedAt ?? input.now,
    generator: false,
    feedLinks: { rss: absolute(publicUrl, feedPath("rss")), atom: absolute(publicUrl, feedPath("atom")) },
    copyright: `© ${input.productName}`,
  });
  for (const row of rows) {
    const link = absolute(publicUrl, postPath(row.type, row.postName));
    const image = row.imagePath ? input.imageUrl(row.imagePath) : undefined;
    feed.addItem({
      title: row.postTitle,
      id: link,
      link,
      date: row.publishedAt ?? row.updatedAt,
      description: row.excerpt ?? postHtmlText(row.body).slice(0, 300),
      content: row.body,
      ...(image ? { image: absolute(publicUrl, image) } : {}),
      ...(row.authorNickName ? { author: [{ name: row.authorNickName }] } : {}),
    });
  }
  return input.format === "atom" ? feed.atom1() : feed.rss2();
}
