import type { PostReply } from "@camatlas/shared/api-contract";
import { RichHtml } from "../../lib/navigation/rich-html.tsx";
import { formatDate } from "../catalog/catalog-labels.ts";
import { PostCover } from "./post-cover.tsx";
import { formatPostDateTime } from "./post-date.ts";
import { POST_KINDS } from "./post-kinds.ts";
import { listHref } from "./post-list-page.tsx";
import { PostVoteForm } from "./post-vote-form.tsx";

// A post's page: title, date and author, cover, the sanitized body, its tags, the models and camsites it is about,
// and votes. Admins see drafts and scheduled posts here too (the desk's preview), with a note saying so.

const CHIP =
  "inline-flex min-h-9 items-center rounded-full bg-primary-soft px-3 py-1 text-sm text-accent hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-focus";

function StateNote({ post }: { post: PostReply }) {
  if (post.state === "published") return null;
  const text =
    post.state === "scheduled"
      ? `Scheduled: visitors will see this post from ${formatPostDateTime(post.published_at)}.`
      : "Draft: only admins can see this preview.";
  return (
    <p role="note" className="rounded-lg bg-warning-soft px-4 py-3 text-sm text-ink">
      {text}{" "}
      {post.can.edit && (
        <a href={`/admin/posts/${post.id}`} className="font-medium underline">
          Edit at the desk
        </a>
      )}
    </p>
  );
}

export function PostArticle({ post, siteUrl, path }: { post: PostReply; siteUrl: string; path: string }) {
  const kind = POST_KINDS[post.type];
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <StateNote post={post} />
      <header className="space-y-3">
        <p className="text-sm text-ink-faint">
          <a href={kind.listPath} className="hover:underline">
            {kind.title}
          </a>
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{post.post_title}</h1>
        <p className="text-sm text-ink-muted">
          {post.published_at && <time dateTime={post.published_at}>{formatDate(post.published_at)}</time>}
          {post.author && <> · by {post.author.nick_name}</>}
          {post.can.edit && post.state === "published" && (
            <>
              {" · "}
              <a href={`/admin/posts/${post.id}`} className="text-accent underline">
                Edit
              </a>
            </>
          )}
        </p>
        {post.excerpt && <p className="text-lg text-ink-soft">{post.excerpt}</p>}
      </header>
      {post.image && (
        <PostCover
          src={post.image}
          blurhash={post.image_blurhash}
          eager
          className="aspect-[16/9] rounded-xl"
        />
      )}
      <RichHtml
        html={post.body_html}
        siteUrl={siteUrl}
        className="prose-page [&_figcaption]:text-sm [&_figcaption]:text-ink-faint [&_h4]:font-semibold [&_hr]:border-line [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-surface-muted [&_pre]:p-4"
      />
      {(post.models.length > 0 || post.camsites.length > 0) && (
        <section aria-labelledby="post-about" className="space-y-2">
          <h2 id="post-about" className="text-sm font-semibold uppercase tracking-wide text-ink-faint">
            In this {kind.singular.toLowerCase()}
          </h2>
          <ul className="flex flex-wrap gap-2">
            {post.models.map((model) => (
              <li key={`m${model.id}`}>
                <a href={`/models/${encodeURIComponent(model.slug)}`} className={CHIP}>
                  {model.name}
                </a>
              </li>
            ))}
            {post.camsites.map((camsite) => (
              <li key={`c${camsite.id}`}>
                <a href={`/camsites/${encodeURIComponent(camsite.slug)}`} className={CHIP}>
                  {camsite.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {post.tags.length > 0 && (
        <section aria-labelledby="post-tags" className="space-y-2">
          <h2 id="post-tags" className="text-sm font-semibold uppercase tracking-wide text-ink-faint">
            Tags
          </h2>
          <ul className="flex flex-wrap gap-2">
            {post.tags.map((tag) => (
              <li key={tag}>
                <a href={listHref(post.type, 1, tag)} className={CHIP}>
                  #{tag}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <footer className="border-t border-line pt-4">
        <PostVoteForm post={post} path={path} />
      </footer>
    </article>
  );
}
