import { COMMENT_MESSAGES, type CommentZone, safeReturnPath } from "@camatlas/shared";
import { commentEndpoints } from "@camatlas/shared/api-contract";
import { data, redirect } from "react-router";
import { COMMENTS_FAILURE_PARAM, type CommentFailure } from "../features/comments/comment-paths.ts";
import { ApiResponseError } from "../lib/api-client.ts";
import { intentFailure, intentSuccess } from "../lib/errors/index.ts";
import { apiContext } from "../lib/load-context.ts";
import { requireSignedIn } from "../lib/session/guards.ts";
import type { Route } from "./+types/comment-actions";

// POST /comments/actions: every comment form of every page posts here (features/comments). With JavaScript the
// forms are fetchers and get an intent result back (the page's loaders then read the thread again); without it the
// browser is sent back to the page it came from.

/** "edit-12" → ["edit", 12]; "post" → ["post", null]. */
function parseIntent(intent: string): [string, number | null] {
  const match = /^([a-z]+)-(\d+)$/.exec(intent);
  return match ? [match[1]!, Number(match[2])] : [intent, null];
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSignedIn(request);
  const api = context.get(apiContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const [kind, idInIntent] = parseIntent(intent);
  const id = idInIntent ?? Number(form.get("comment_id"));
  const text = String(form.get("text") ?? "");
  // A fetcher's request asks for data (…/comments/actions.data); a plain form post wants a page.
  const fromFetcher = new URL(request.url).pathname.endsWith(".data");
  const back = safeReturnPath(String(form.get("redirect_to") ?? ""), "/");
  try {
    let message: string;
    switch (kind) {
      case "post":
      case "reply": {
        const mediaIds = form.getAll("media_ids").map(Number);
        const inReplyTo = kind === "reply" ? id : null;
        await api.call(commentEndpoints.create, {
          body: {
            comment_zone: String(form.get("comment_zone") ?? "") as CommentZone,
            commentable_id: Number(form.get("commentable_id")),
            text,
            ...(inReplyTo ? { in_reply_to: inReplyTo } : {}),
            ...(mediaIds.length ? { media_ids: mediaIds } : {}),
          },
        });
        message = COMMENT_MESSAGES.posted;
        break;
      }
      case "edit":
        await api.call(commentEndpoints.update, { params: { id }, body: { text } });
        message = COMMENT_MESSAGES.updated;
        break;
      case "delete":
        message = (await api.call(commentEndpoints.delete, { params: { id } })).message;
        break;
      case "hide":
        message = (await api.call(commentEndpoints.hide, { params: { id } })).message;
        break;
      case "unhide":
        message = (await api.call(commentEndpoints.unhide, { params: { id } })).message;
        break;
      case "report":
        message = (
          await api.call(commentEndpoints.report, {
            params: { id },
            body: { reason: String(form.get("reason") ?? "") },
          })
        ).message;
        break;
      case "vote": {
        const vote = String(form.get("vote") ?? "");
        await api.call(commentEndpoints.vote, {
          params: { id },
          body: { vote: vote === "up" || vote === "down" ? vote : null },
        });
        // A vote speaks through its counts: no snackbar.
        return fromFetcher ? { ok: true, intent } : redirect(back, 303);
      }
      default:
        throw data("Unknown action", { status: 400 });
    }
    return fromFetcher ? intentSuccess(intent, message) : redirect(back, 303);
  } catch (error) {
    if (!(error instanceof ApiResponseError)) throw error;
    if (!fromFetcher) return redirect(withFailure(back, failureOf(error.status)), 303);
    return intentFailure(intent, error);
  }
}

/** Without JavaScript a failure travels back as a code (never as text: the address is anyone's to write). */
function failureOf(status: number): CommentFailure {
  if (status === 429) return "too_fast";
  if (status === 422) return "invalid";
  if (status === 403) return "not_allowed";
  return "failed";
}

function withFailure(back: string, failure: CommentFailure): string {
  const url = new URL(back, "http://site.invalid");
  url.searchParams.set(COMMENTS_FAILURE_PARAM, failure);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Nothing to show here: a visit goes home. */
export function loader() {
  return redirect("/");
}
