import type { PostTeaserReply } from "@camatlas/shared/api-contract";
import { cardClass } from "../../components/ui/card.tsx";
import { formatDate } from "../catalog/catalog-labels.ts";
import { PostCover } from "./post-cover.tsx";

// One post in a list (the review teaser: id, post_title, votes, image, post_name), as a card. Review, blog and
// news pages are reached with a full page load (spec §2), so the link is a plain <a>.

export function PostTeaserCard({
  post,
  eager = false,
  headingLevel = 2,
}: {
  post: PostTeaserReply;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className={cardClass({
        padding: "none",
        interactive: true,
        className: "relative flex h-full flex-col overflow-hidden",
      })}
    >
      {post.image ? (
        <PostCover src={post.image} blurhash={post.image_blurhash} eager={eager} className="aspect-[16/9]" />
      ) : (
        <div
          aria-hidden="true"
          className="aspect-[16/9] bg-gradient-to-br from-primary-soft to-surface-muted"
        />
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="text-lg font-semibold leading-snug text-ink">
          <a
            href={post.url}
            className="after:absolute after:inset-0 focus:outline-none focus-visible:underline"
          >
            {post.post_title}
          </a>
        </Heading>
        {post.excerpt && <p className="line-clamp-3 text-sm text-ink-muted">{post.excerpt}</p>}
        <p className="mt-auto flex items-center justify-between pt-2 text-xs text-ink-faint">
          <time dateTime={post.published_at ?? undefined}>{formatDate(post.published_at)}</time>
          <span>
            <span aria-hidden="true">▲ </span>
            {post.votes} {Math.abs(post.votes) === 1 ? "vote" : "votes"}
          </span>
        </p>
      </div>
    </article>
  );
}

/** A grid of teaser cards (one column on a phone, up to three on a desktop). */
export function PostTeaserGrid({
  posts,
  headingLevel = 2,
}: {
  posts: readonly PostTeaserReply[];
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((post, index) => (
        <li key={post.id}>
          <PostTeaserCard post={post} eager={index < 3} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
