import { forumEndpoints } from "@camatlas/shared/api-contract";
import {
  FORUM_PAGE_SIZE,
  FORUM_TEXT,
  forumPageOf,
  forumTopicPath,
  plainTextOf,
  quoteMarkup,
} from "@camatlas/shared/forum";
import { data, Form, Link, redirect, useActionData } from "react-router";
import { Badge } from "../components/ui/badge.tsx";
import { Button, buttonClass } from "../components/ui/button.tsx";
import { FormAlert } from "../components/ui/form-alert.tsx";
import { Pagination } from "../components/ui/pagination.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { AttachmentField } from "../features/forum/attachment-field.tsx";
import { uploadAttachments } from "../features/forum/attachments.server.ts";
import { PostCard } from "../features/forum/post-card.tsx";
import { PostEditor } from "../features/forum/post-editor.tsx";
import {
  apiLoad,
  fieldError,
  type IntentResult,
  intentFailure,
  intentSuccess,
  useSnackbarNote,
} from "../lib/errors/index.ts";
import { formValues } from "../lib/form-fields.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import { useCurrentUser } from "../lib/session/current-user.ts";
import { requireSignedIn } from "../lib/session/guards.ts";
import { loginPath } from "../lib/session/return-to.ts";
import type { Route } from "./+types/forum-topic";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

// /forum/{category}/{topic}: one page (20 posts) of a topic and the reply form. ?unread=1 opens the reader's first
// unread page, ?quote={post id} fills the reply with a quote, ?edit={post id} opens that post's editor. A topic
// moved to another category, or merged into another topic, answers with a permanent redirect to its address.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const pageParam = Number(url.searchParams.get("page"));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : undefined;
  const reply = await apiLoad(
    context.get(apiContext).call(forumEndpoints.topic, {
      params: { slug: params.topic },
      query: {
        ...(page ? { page } : {}),
        ...(url.searchParams.get("unread") === "1" ? { unread: true } : {}),
      },
    }),
    { title: "Topic not found", text: "This topic does not exist or was removed." },
  );
  const { topic, posts } = reply;
  if (topic.merged_into_url) throw redirect(topic.merged_into_url, 301);
  if (topic.category.slug !== params.category)
    throw redirect(forumTopicPath(topic.category.slug, topic.slug, { page }), 301);
  if (page && page > posts.last_page) throw redirect(forumTopicPath(topic.category.slug, topic.slug), 302);

  const quoteId = Number(url.searchParams.get("quote"));
  const quoted = posts.data.find((post) => post.id === quoteId && post.can.quote);
  return {
    ...reply,
    quote: quoted ? quoteMarkup(quoted.author?.nick_name ?? "member", quoted.id, quoted.body) : "",
    editId: Number(url.searchParams.get("edit")) || null,
  };
}

const INTENTS = [
  "reply",
  "vote",
  "subscribe",
  "report",
  "delete-post",
  "solution",
  "edit",
  "moderate",
  "delete-topic",
];

export async function action({ request, context, params }: Route.ActionArgs) {
  requireSignedIn(request);
  const api = context.get(apiContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (!INTENTS.includes(intent)) throw data("Unknown action", { status: 400 });
  const topicId = Number(form.get("topic_id"));
  const postId = Number(form.get("post_id"));
  const values = formValues(form);
  try {
    switch (intent) {
      case "reply": {
        const uploads = await uploadAttachments(context, form);
        if ("error" in uploads)
          return data<IntentResult>(
            { ok: false, intent, errors: { media_ids: [uploads.error] }, values },
            { status: 422 },
          );
        const saved = await api.call(forumEndpoints.reply, {
          params: { id: topicId },
          body: { body: String(form.get("body") ?? ""), media_ids: uploads.ids },
        });
        if (saved.held) return intentSuccess(intent, saved.message);
        return redirect(saved.url);
      }
      case "edit": {
        const saved = await api.call(forumEndpoints.updatePost, {
          params: { id: postId },
          body: { body: String(form.get("body") ?? "") },
        });
        return redirect(saved.url);
      }
      case "vote": {
        const value = Number(form.get("value"));
        const reply = await api.call(forumEndpoints.vote, {
          params: { id: postId },
          body: { value: value === 1 ? 1 : value === -1 ? -1 : 0 },
        });
        return intentSuccess(intent, reply.message);
      }
      case "subscribe": {
        const reply = await api.call(forumEndpoints.subscribe, {
          params: { id: topicId },
          body: { subscribed: form.get("subscribed") === "1" },
        });
        return intentSuccess(intent, reply.message);
      }
      case "report": {
        const reason = String(form.get("reason") ?? "other");
        const reply = await api.call(forumEndpoints.report, {
          params: { id: postId },
          body: { reason: reason as "spam" },
        });
        return intentSuccess(intent, reply.message);
      }
      case "delete-post": {
        const reply = await api.call(forumEndpoints.deletePost, { params: { id: postId } });
        return intentSuccess(intent, reply.message);
      }
      case "solution": {
        const reply = await api.call(forumEndpoints.markSolution, {
          params: { id: topicId },
          body: { post_id: form.get("clear") === "1" ? null : postId },
        });
        return intentSuccess(intent, reply.message);
      }
      case "moderate": {
        const flag = (name: string) => (form.has(name) ? form.get(name) === "1" : undefined);
        const reply = await api.call(forumEndpoints.moderateTopic, {
          params: { id: topicId },
          body: { locked: flag("locked"), pinned: flag("pinned") },
        });
        return intentSuccess(intent, reply.message);
      }
      default: {
        await api.call(forumEndpoints.deleteTopic, { params: { id: topicId } });
        return redirect(`/forum/${encodeURIComponent(params.category)}`);
      }
    }
  } catch (error) {
    return intentFailure(intent, error, { values, inline: intent === "reply" || intent === "edit" });
  }
}

export function meta(args: Route.MetaArgs) {
  const loaded = args.loaderData;
  if (!loaded) return seo(args, { title: "Topic not found", noindex: true });
  const { topic, posts } = loaded;
  const page = posts.current_page;
  const opening = posts.data.find((post) => post.position === 1);
  return seo(args, {
    title: `${topic.title}${page > 1 ? ` (page ${page})` : ""} | ${topic.category.title}`,
    description: opening ? plainTextOf(opening.body, 160) : `${topic.title}: a discussion on the forum.`,
    type: "article",
    // One address per page: quote, edit and unread links are the same page.
    path: page > 1 ? `${topic.url}?page=${page}` : topic.url,
    noindex: topic.status !== "published",
  });
}

export default function ForumTopic({ loaderData }: Route.ComponentProps) {
  const { topic, posts, pending_posts: pending, quote, editId } = loaderData;
  const result = useActionData<typeof action>() as IntentResult | undefined;
  useSnackbarNote(result);
  const viewer = useCurrentUser();
  const pageHref = (page: number) => (page > 1 ? `${topic.url}?page=${page}` : topic.url);
  const here = pageHref(posts.current_page);
  const join = (query: string) => `${here}${here.includes("?") ? "&" : "?"}${query}`;
  const unreadPage = topic.first_unread_position
    ? forumPageOf(topic.first_unread_position, FORUM_PAGE_SIZE.posts)
    : null;
  const replyError = fieldError(result, "reply", "body");
  const replyMessage = result?.intent === "reply" ? result.message : undefined;

  return (
    <article className="mx-auto max-w-4xl space-y-5" aria-labelledby="topic-title">
      <header className="space-y-2">
        <p className="text-sm text-ink-muted">
          <Link to="/forum" className="hover:underline">
            {FORUM_TEXT.title}
          </Link>
          {" / "}
          <Link to={`/forum/${topic.category.slug}`} className="hover:underline">
            {topic.category.title}
          </Link>
        </p>
        <h1 id="topic-title" className="text-2xl font-bold break-words text-ink sm:text-3xl">
          {topic.title}
        </h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
          {topic.is_pinned && <Badge tone="primary">{FORUM_TEXT.pinned}</Badge>}
          {topic.is_locked && <Badge tone="neutral">{FORUM_TEXT.locked}</Badge>}
          {topic.is_solved && <Badge tone="neutral">{FORUM_TEXT.solved}</Badge>}
          {topic.status === "pending" && <Badge tone="neutral">{FORUM_TEXT.pending}</Badge>}
          {topic.models.map((model) => (
            <Link key={model.id} to={`/models/${model.slug}`} className="text-accent hover:underline">
              {model.name}
            </Link>
          ))}
          {topic.camsites.map((camsite) => (
            <Link key={camsite.id} to={`/camsites/${camsite.slug}`} className="hover:underline">
              {camsite.name}
            </Link>
          ))}
          {topic.tags.map((tag) => (
            <Link
              key={tag}
              to={`/forum/${topic.category.slug}?tag=${tag}`}
              className="rounded bg-surface-muted px-1.5"
            >
              #{tag}
            </Link>
          ))}
          <span>{topic.views} views</span>
        </div>
        <div className="flex flex-wrap gap-2">
          {topic.can.subscribe && (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="subscribe" />
              <input type="hidden" name="topic_id" value={topic.id} />
              <input type="hidden" name="subscribed" value={topic.subscribed ? "0" : "1"} />
              <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
                {topic.subscribed ? FORUM_TEXT.unfollow : FORUM_TEXT.follow}
              </button>
            </Form>
          )}
          {unreadPage && (
            <Button
              to={`${pageHref(unreadPage)}#post-${topic.first_unread_position}`}
              variant="secondary"
              size="sm"
            >
              {FORUM_TEXT.firstUnread}
            </Button>
          )}
          {topic.can.moderate && (
            <>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="moderate" />
                <input type="hidden" name="topic_id" value={topic.id} />
                <input type="hidden" name="locked" value={topic.is_locked ? "0" : "1"} />
                <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
                  {topic.is_locked ? "Unlock" : "Lock"}
                </button>
              </Form>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="moderate" />
                <input type="hidden" name="topic_id" value={topic.id} />
                <input type="hidden" name="pinned" value={topic.is_pinned ? "0" : "1"} />
                <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
                  {topic.is_pinned ? "Unpin" : "Pin"}
                </button>
              </Form>
              <Button to={`/admin/forum?tab=topics&topic=${topic.id}`} variant="ghost" size="sm">
                Move or merge
              </Button>
            </>
          )}
          {topic.can.delete && (
            <Form method="post">
              <input type="hidden" name="intent" value="delete-topic" />
              <input type="hidden" name="topic_id" value={topic.id} />
              <button type="submit" className={buttonClass({ variant: "danger", size: "sm" })}>
                Delete topic
              </button>
            </Form>
          )}
        </div>
      </header>

      <Pagination current={posts.current_page} last={posts.last_page} href={pageHref} label="Topic pages" />

      <section aria-label="Posts" className="space-y-3">
        {posts.data.map((post) => (
          <PostCard
            key={post.id}
            post={post}
            quoteHref={`${join(`quote=${post.id}`)}#reply`}
            editHref={`${join(`edit=${post.id}`)}#post-${post.position}`}
            editing={editId === post.id && post.can.edit}
            editError={fieldError(result, "edit", "body")}
          />
        ))}
        {pending.map((post) => (
          <PostCard key={post.id} post={post} quoteHref={here} editHref={here} editing={false} />
        ))}
      </section>

      <Pagination current={posts.current_page} last={posts.last_page} href={pageHref} label="Topic pages" />

      <section
        id="reply"
        aria-labelledby="reply-title"
        className="scroll-mt-20 rounded-lg border border-line bg-surface p-4"
      >
        <h2 id="reply-title" className="mb-3 text-lg font-semibold">
          {FORUM_TEXT.reply}
        </h2>
        {topic.can.reply ? (
          <Form method="post" encType="multipart/form-data" className="space-y-4" preventScrollReset>
            {replyMessage && <FormAlert tone={result?.ok ? "success" : "error"}>{replyMessage}</FormAlert>}
            <input type="hidden" name="intent" value="reply" />
            <input type="hidden" name="topic_id" value={topic.id} />
            <PostEditor
              key={quote}
              label="Your reply"
              defaultValue={result?.intent === "reply" && !result.ok ? (result.values?.body ?? quote) : quote}
              error={replyError}
              autoFocus={Boolean(quote)}
              rows={6}
            />
            <AttachmentField error={fieldError(result, "reply", "media_ids")} />
            <SubmitButton intent="reply" busyLabel="Posting…" size="md" block={false}>
              Post reply
            </SubmitButton>
          </Form>
        ) : viewer ? (
          <p className="text-ink-muted">
            {topic.is_locked ? "This topic is locked: no new replies." : "You cannot reply here."}
          </p>
        ) : (
          <Button to={loginPath(here)} size="sm">
            {FORUM_TEXT.signInToReply}
          </Button>
        )}
      </section>
    </article>
  );
}
