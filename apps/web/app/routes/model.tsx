import {
  type LinkCategory,
  type LinkContains,
  type ModelReportReason,
  type NicknameType,
  SUCCESS_MESSAGES,
} from "@camatlas/shared";
import {
  camsiteEndpoints,
  followEndpoints,
  forumEndpoints,
  modelActionEndpoints,
  modelEndpoints,
  modelLinkEndpoints,
  modelNicknameEndpoints,
  storyEndpoints,
} from "@camatlas/shared/api-contract";
import { FORUM_PAGE_SIZE } from "@camatlas/shared/forum";
import type { ModelCard as ModelCardData, ModelProfile } from "@camatlas/shared/schemas/model-card";
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useActionData,
  useLocation,
  useRouteError,
  useSearchParams,
} from "react-router";
import { Button } from "../components/ui/button.tsx";
import { cardClass } from "../components/ui/card.tsx";
import { StatusView } from "../components/ui/status-view.tsx";
import { TabPanel } from "../components/ui/tabs.tsx";
import { CamsiteLogo } from "../features/catalog/camsite-logo.tsx";
import {
  formatDate,
  groupLinks,
  LINK_CONTAINS_LABELS,
  liveStatusOf,
} from "../features/catalog/catalog-labels.ts";
import { loadCommentsCount, loadCommentsFor } from "../features/comments/load-comments.ts";
import { ModelHero } from "../features/models/model-hero.tsx";
import { usualOnlineHours } from "../features/models/model-hero-data.server.ts";
import { ProfileTabs, parseProfileTab } from "../features/models/profile-tabs.tsx";
import { fetchRelatedReviews } from "../features/posts/related-reviews.tsx";
import { loadStories, storyFlags } from "../features/stories/story-loads.ts";
import { loadModelUserReviews } from "../features/user-reviews/model-user-reviews.server.ts";
import { ApiResponseError } from "../lib/api-client.ts";
import {
  followRedirectReply,
  RouteErrorBoundary,
  throwLoaderError,
  useSnackbarNote,
} from "../lib/errors/index.ts";
import { intentFailure, intentSuccess } from "../lib/errors/intent-result.ts";
import { textField } from "../lib/form-fields.ts";
import { lazySection } from "../lib/lazy-section.tsx";
import { apiContext, configContext } from "../lib/load-context.ts";
import { isModelIndexable, seo } from "../lib/seo/page-meta.ts";
import { useCurrentUser } from "../lib/session/current-user.ts";
import { requireSignedIn } from "../lib/session/guards.ts";
import { loginPath } from "../lib/session/return-to.ts";
import type { Route } from "./+types/model";

// /models/{slug}: one model's profile with her nicknames on every camsite. Visibility is the API's: a hidden
// model is 404, a members-only page asks guests to sign in (401), an old slug redirects.
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  // "Girls like her" is read only for its own tab (links carry ?tab=, so this works without JS too).
  const withLikeHer = parseProfileTab(new URL(request.url).searchParams.get("tab")) === "girls-like-her";
  const camsitesCall = api.call(camsiteEndpoints.list, {}).catch(() => ({ data: [] }));
  let model: ModelProfile;
  try {
    model = followRedirectReply(await api.call(modelEndpoints.bySlug, { params: { slug: params.slug } }));
  } catch (error) {
    if (error instanceof ApiResponseError && (error.status === 401 || error.status === 403))
      throw data({ restricted: error.status }, { status: error.status });
    throwLoaderError(error);
  }
  const flags = storyFlags(context.get(configContext));
  // Follow / Following under her name (features/follows); the page still shows when it does not answer.
  const followCall = api.call(followEndpoints.state, { params: { id: model.id } }).catch(() => null);
  // Her own proposed nicknames that wait for an admin ("awaiting approval" on the Camsites tab).
  const pendingNicknamesCall = model.can.add_nickname
    ? api
        .call(modelNicknameEndpoints.pending, { query: { model_id: model.id } })
        .then((reply) => reply.data)
        .catch(() => [])
    : Promise.resolve([]);
  // The Comments tab reads its page of the thread; the other tabs only its count.
  const withComments = parseProfileTab(new URL(request.url).searchParams.get("tab")) === "comments";
  const withUserReviews = parseProfileTab(new URL(request.url).searchParams.get("tab")) === "user-reviews";
  // One story's comments on the Stories tab (?story=…: its "Comments" link, and where a notification points).
  const storyId = storyParam(new URL(request.url));
  const [camsites, likeHer, usual, stories, reviews, comments, commentsCount, discussions, userReviews] =
    await Promise.all([
      camsitesCall,
      withLikeHer
        ? api
            .call(modelEndpoints.likeHer, { params: { id: model.id } })
            .catch(() => ({ data: [] as ModelCardData[] }))
        : null,
      usualOnlineHours(api, model.nicknames),
      // Her live stories (the rail) and highlights (the Stories tab); scheduled ones only reach her and admins.
      loadStories(api, flags, { model_id: model.id, with_archived: true, show_unpublished: true }, request),
      // The site's own reviews of her: the Reviews tab and its count.
      fetchRelatedReviews(api, { model_id: model.id }),
      withComments ? loadCommentsFor(api, request, "model", model.id) : null,
      withComments ? null : loadCommentsCount(api, "model", model.id),
      // Forum topics linked to her: the Discussions tab and its count.
      api
        .call(forumEndpoints.topics, { query: { model_id: model.id, per_page: FORUM_PAGE_SIZE.modelTopics } })
        .catch(() => ({ data: [], total: 0 })),
      // Camfans' reviews of her: the User Reviews tab's page (on the tab) and its count (always).
      loadModelUserReviews(api, request, model.id, withUserReviews),
    ]);
  const storyComments =
    storyId !== null && stories.stories.some((story) => story.id === storyId && story.state !== "unpublished")
      ? { storyId, comments: await loadCommentsFor(api, request, "story", storyId) }
      : null;
  // Only what the page uses of each camsite — the logos of her camsites, and every camsite's name when she may
  // add a nickname: the loader data is serialized into the page's HTML.
  const hers = new Set(model.nicknames.map((n) => n.cam_site_id));
  const camsiteNames = camsites.data
    .filter((c) => model.can.add_nickname || hers.has(c.id))
    .map(({ id, name, logo_path }) => ({ id, name, logo_path }));
  return {
    model,
    camsites: camsiteNames,
    likeHer: likeHer?.data ?? null,
    usual,
    stories: { ...stories, enabled: flags.stories, vidstack: flags.vidstack, comments: storyComments },
    reviews,
    comments,
    commentsCount: comments?.ok ? comments.thread.meta.count : commentsCount,
    discussions: { data: discussions.data, total: discussions.total },
    userReviews,
    follow: await followCall,
    pendingNicknames: await pendingNicknamesCall,
  };
}

export function meta(args: Route.MetaArgs) {
  const model = args.loaderData?.model;
  if (!model) return seo(args, { title: "Model", noindex: true });
  const where = model.location ? ` from ${model.location}` : "";
  return seo(args, {
    title: model.display_name || `${model.name} – webcam model profiles`,
    description:
      model.about ||
      `${model.name}${where}: her nicknames on ${model.nicknames.length} camsites, tags, links and similar models.`,
    image: model.avatar_path,
    type: "profile",
    path: `/models/${model.slug}`,
    noindex: !isModelIndexable(model),
  });
}

/** The story whose comments the Stories tab shows (`?tab=stories&story=…`), or null. */
function storyParam(url: URL): number | null {
  if (parseProfileTab(url.searchParams.get("tab")) !== "stories") return null;
  const id = Number(url.searchParams.get("story"));
  return Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? id : null;
}

/**
 * Switching tabs (?tab=…) on the same profile keeps the loaded data, except the first switch to "Girls like her",
 * whose cards are loaded only for that tab; forms and other changes reload it.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  // The same address again is a revalidation (e.g. after a story was scheduled from the browser), not a tab switch.
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  const rest = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("tab");
    return params.toString();
  };
  if (rest(currentUrl) !== rest(nextUrl)) return defaultShouldRevalidate;
  const tabOf = (url: URL) => parseProfileTab(url.searchParams.get("tab"));
  // The first switch to a tab whose data is read only for it (girls like her, comments).
  return ["girls-like-her", "comments", "user-reviews"].some(
    (lazy) => tabOf(nextUrl) === lazy && tabOf(currentUrl) !== lazy,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSignedIn(request);
  const api = context.get(apiContext);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const modelId = Number(form.get("model_id"));
  try {
    switch (intent) {
      case "rate": {
        const reply = await api.call(modelActionEndpoints.changeRating, {
          params: { id: modelId },
          body: { rating: Number(form.get("rating")) },
        });
        return intentSuccess(intent, reply.message);
      }
      case "report": {
        const reply = await api.call(modelActionEndpoints.report, {
          params: { id: modelId },
          body: {
            // Checked by the API (422 for another value).
            reason: String(form.get("reason") ?? "") as ModelReportReason,
            text: textField(form, "text") ?? null,
          },
        });
        return intentSuccess(intent, reply.message);
      }
      case "add-nickname": {
        const reply = await api.call(modelNicknameEndpoints.create, {
          body: {
            nicknames: [
              {
                model_id: modelId,
                cam_site_id: Number(form.get("cam_site_id")),
                nickname: String(form.get("nickname") ?? "").trim(),
                type: String(form.get("type") ?? "solo") as NicknameType,
              },
            ],
          },
        });
        // Added at once, or waiting for an admin: the API's message says which.
        return intentSuccess(intent, reply.message);
      }
      case "remove-nickname": {
        const id = Number(form.get("nickname_id"));
        await api.call(modelNicknameEndpoints.removalRequest, {
          params: { id },
          body: { reason: textField(form, "reason") ?? null },
        });
        return intentSuccess(intent, SUCCESS_MESSAGES.nicknameRemovalRequested);
      }
      case "add-link": {
        const reply = await api.call(modelLinkEndpoints.create, {
          body: {
            links: [
              {
                model_id: modelId,
                label: String(form.get("label") ?? "").trim(),
                url: String(form.get("url") ?? "").trim(),
                category: String(form.get("category") ?? "") as LinkCategory,
                contains: String(form.get("contains") ?? "text_only") as LinkContains,
              },
            ],
          },
        });
        return intentSuccess(intent, reply.message);
      }
      case "delete-story": {
        const reply = await api.call(storyEndpoints.delete, { params: { id: Number(form.get("story_id")) } });
        return intentSuccess(intent, reply.message);
      }
      case "delete-link": {
        const reply = await api.call(modelLinkEndpoints.delete, {
          params: { id: Number(form.get("link_id")) },
        });
        return intentSuccess(intent, reply.message);
      }
      default:
        throw data("Unknown action", { status: 400 });
    }
  } catch (error) {
    if (error instanceof ApiResponseError && error.status === 401) throw redirectToLogin(request);
    if (!(error instanceof ApiResponseError)) throw error;
    return intentFailure(intent, error);
  }
}

function redirectToLogin(request: Request) {
  return redirect(loginPath(new URL(request.url).pathname));
}

const panelClass = "pt-6 focus:outline-none";

// The tab sections and the signed-in forms load with their tab, not with the page (issue 21's first-load budget):
// the server still renders the active tab in full, so it works without JavaScript (lib/lazy-section.tsx). The first
// tab (basic info) is in the page; the others' code is fetched as soon as the pointer or the keyboard nears the tabs.
const NicknameList = lazySection(() =>
  import("../features/models/nickname-list.tsx").then((m) => m.NicknameList),
);
const PendingNicknames = lazySection(
  () => import("../features/models/pending-nicknames.tsx").then((m) => m.PendingNicknames),
  { minHeight: "0" },
);
const SimilarModels = lazySection(() =>
  import("../features/models/similar-models.tsx").then((m) => m.SimilarModels),
);
const CommentsSection = lazySection(() =>
  import("../features/comments/comments-section.tsx").then((m) => m.CommentsSection),
);
const StoriesTab = lazySection(() => import("../features/stories/stories-tab.tsx").then((m) => m.StoriesTab));
const UserReviewsTab = lazySection(() =>
  import("../features/user-reviews/user-reviews-tab.tsx").then((m) => m.UserReviewsTab),
);
const ModelDiscussions = lazySection(() =>
  import("../features/forum/model-discussions.tsx").then((m) => m.ModelDiscussions),
);
const RelatedReviewsSection = lazySection(() =>
  import("../features/posts/related-reviews.tsx").then((m) => m.RelatedReviewsSection),
);
const ModelStatsTab = lazySection(() =>
  import("../features/stats/model-stats-tab.tsx").then((m) => m.ModelStatsTab),
);
const AddNicknameForm = lazySection(() =>
  import("../features/models/profile-forms.tsx").then((m) => m.AddNicknameForm),
);
const AddLinkForm = lazySection(() =>
  import("../features/models/profile-forms.tsx").then((m) => m.AddLinkForm),
);
const ReportForm = lazySection(
  () => import("../features/models/profile-forms.tsx").then((m) => m.ReportForm),
  {
    minHeight: "12rem",
  },
);
// The follow button is a form that posts without JavaScript: the server renders it, its code comes to hydrate it.
const FollowButton = lazySection(
  () => import("../features/follows/follow-button.tsx").then((m) => m.FollowButton),
  { minHeight: "2.5rem" },
);
// Her live stories above the tabs: server-rendered, its viewer's code comes when the rail is there to hydrate.
const StoryRail = lazySection(() => import("../features/stories/story-rail.tsx").then((m) => m.StoryRail), {
  minHeight: "6.5rem",
});
const TAB_SECTIONS = [
  NicknameList,
  SimilarModels,
  CommentsSection,
  StoriesTab,
  UserReviewsTab,
  ModelDiscussions,
  RelatedReviewsSection,
  ModelStatsTab,
];
/** The sections' code, fetched when the pointer or the keyboard reaches the tabs: a switch then shows at once. */
const preloadTabSections = () => {
  for (const section of TAB_SECTIONS) void section.preload().catch(() => {});
};

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  if (value === null || value === undefined || value === "") return null;
  return (
    <div className="flex justify-between gap-4 border-b border-line-soft py-2 last:border-0">
      <dt className="text-ink-faint">{label}</dt>
      <dd className="text-right font-medium text-ink">{value}</dd>
    </div>
  );
}

export default function Model({ loaderData }: Route.ComponentProps) {
  const {
    model,
    camsites,
    likeHer,
    usual,
    stories,
    reviews,
    comments,
    commentsCount,
    discussions,
    userReviews,
    follow,
  } = loaderData;
  // The tab lives in the address only: switching tabs needs no new data (see shouldRevalidate).
  const [searchParams] = useSearchParams();
  const tab = parseProfileTab(searchParams.get("tab"));
  const result = useActionData<typeof action>();
  useSnackbarNote(result);
  const currentUser = useCurrentUser();
  const camsiteById = new Map(camsites.map((c) => [c.id, c]));
  const can = model.can;
  const modelIdField = <input type="hidden" name="model_id" value={model.id} />;
  const liveStories = stories.stories.filter((story) => story.state === "published");
  const paragraphs = (model.description ?? "").split(/\n{2,}|\r\n\r\n/).filter((p) => p.trim());

  return (
    <article className="space-y-6" aria-labelledby="model-name">
      <ModelHero model={model} logos={camsiteById} signedIn={Boolean(currentUser)} usual={usual} />
      {follow && (
        <FollowButton
          modelId={model.id}
          modelName={model.name}
          following={follow.following}
          followersCount={follow.followers_count}
          signedIn={follow.can.follow}
        />
      )}
      {liveStories.length > 0 && (
        <StoryRail stories={liveStories} label={`${model.name}'s stories`} vidstack={stories.vidstack} />
      )}

      <div>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: it only fetches the tabs' code early; the links inside are the controls */}
        <div onPointerEnter={preloadTabSections} onFocus={preloadTabSections}>
          <ProfileTabs
            slug={model.slug}
            active={tab}
            counts={{
              camsites: model.nicknames.length,
              tags: model.tags.length,
              links: model.links.length,
              reviews: reviews.total,
              comments: commentsCount ?? undefined,
              discussions: discussions.total,
              "user-reviews": userReviews.list.total,
            }}
            hidden={stories.enabled ? [] : ["stories"]}
          />
        </div>

        {tab === "basic-info" && (
          <TabPanel tab="basic-info" className={panelClass}>
            <div className="grid gap-6 md:grid-cols-[1fr_18rem]">
              <div className="space-y-4 leading-7 text-ink">
                <h2 className="text-xl font-semibold text-ink">About {model.name}</h2>
                {paragraphs.length > 0 ? (
                  paragraphs.map((p) => <p key={p.slice(0, 40)}>{p}</p>)
                ) : (
                  <p className="text-ink-faint">No description yet.</p>
                )}
              </div>
              <div className="space-y-4 self-start">
                <dl className={cardClass({ className: "text-sm" })}>
                  <Fact label="Age" value={model.age !== null ? `${model.age}` : null} />
                  <Fact label="Birthday" value={formatDate(model.birthday)} />
                  <Fact label="Location" value={model.location} />
                  <Fact label="Gender" value={model.gender === "unknown" ? null : model.gender} />
                  <Fact label="Camming since" value={formatDate(model.started_at)} />
                  <Fact label="Stopped camming" value={formatDate(model.finished_at)} />
                  <Fact
                    label="Camsites"
                    value={String(new Set(model.nicknames.map((n) => n.cam_site_id)).size)}
                  />
                  <Fact label="Profile managed by" value={model.user ? `@${model.user.nick_name}` : null} />
                </dl>
                {model.nicknames.length > 0 && (
                  <aside
                    aria-labelledby="basic-camsites-title"
                    className={cardClass({ className: "text-sm" })}
                  >
                    <h2 id="basic-camsites-title" className="mb-2 font-semibold text-ink">
                      Camsites and nicknames
                    </h2>
                    <ul className="space-y-2">
                      {model.nicknames.map((n) => {
                        const href = n.url;
                        const status = liveStatusOf(n.activity_status_id, n.cam_site_id);
                        return (
                          <li key={n.id} className="flex items-center gap-2">
                            <CamsiteLogo
                              camsite={{
                                name: n.cam_site.name,
                                logo_path: camsiteById.get(n.cam_site_id)?.logo_path,
                              }}
                              size={24}
                            />
                            <a
                              href={href}
                              target="_blank"
                              rel="nofollow noopener noreferrer"
                              className="min-w-0 flex-1 truncate text-accent hover:underline"
                            >
                              {n.nickname}
                              <span className="text-ink-faint"> on {n.cam_site.name}</span>
                              <span className="sr-only"> (opens in a new tab)</span>
                            </a>
                            <span
                              className={`h-2 w-2 shrink-0 rounded-full ${status.streaming ? "bg-live" : "bg-ink-faint"}`}
                              title={status.label}
                            >
                              <span className="sr-only">{status.label}</span>
                            </span>
                          </li>
                        );
                      })}
                    </ul>
                  </aside>
                )}
              </div>
            </div>
          </TabPanel>
        )}

        {tab === "camsites" && (
          <TabPanel tab="camsites" className={`${panelClass} space-y-4`}>
            <h2 className="sr-only">Camsites and nicknames</h2>
            <NicknameList
              nicknames={model.nicknames}
              camsites={camsiteById}
              canRequestRemoval={can.request_nickname_removal}
            />
            {loaderData.pendingNicknames.length > 0 && (
              <PendingNicknames nicknames={loaderData.pendingNicknames} />
            )}
            {can.add_nickname && <AddNicknameForm modelId={model.id} camsites={camsites} result={result} />}
          </TabPanel>
        )}

        {tab === "tags" && (
          <TabPanel tab="tags" className={panelClass}>
            <h2 className="sr-only">Tags</h2>
            {model.tags.length === 0 ? (
              <p className="text-ink-muted">No tags yet.</p>
            ) : (
              <ul className="flex flex-wrap gap-2">
                {model.tags.map((tag) => (
                  <li key={tag.id}>
                    <Link
                      to={`/models?tag=${tag.id}`}
                      className="inline-block rounded-full bg-primary-soft px-3 py-1 text-sm font-medium text-accent ring-1 ring-accent/25 hover:bg-accent/20"
                    >
                      #{tag.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {can.edit && (
              <p className="mt-4 text-sm text-ink-muted">
                Missing a tag?{" "}
                <Link to={`/models/${model.slug}/edit`} className="text-accent underline">
                  Propose an edit
                </Link>
                .
              </p>
            )}
          </TabPanel>
        )}

        {tab === "links" && (
          <TabPanel tab="links" className={`${panelClass} space-y-6`}>
            <h2 className="sr-only">Links</h2>
            {model.links.length === 0 && <p className="text-ink-muted">No links yet.</p>}
            {groupLinks(model.links).map((group) => (
              <div key={group.category}>
                <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-ink-faint">
                  {group.label}
                </h3>
                <ul className={cardClass({ padding: "none", className: "divide-y divide-line-soft" })}>
                  {group.links.map((link) => (
                    <li key={link.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                      <a
                        href={link.url}
                        target="_blank"
                        rel="nofollow ugc noopener noreferrer"
                        className="min-w-0 flex-1 truncate font-medium text-accent hover:underline"
                      >
                        {link.label}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                      <span className="rounded bg-surface-muted px-2 py-0.5 text-xs text-ink-muted">
                        {LINK_CONTAINS_LABELS[link.contains]}
                      </span>
                      {can.delete_link && (
                        <Form method="post" preventScrollReset className="contents">
                          {modelIdField}
                          <input type="hidden" name="link_id" value={link.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="delete-link"
                            className="text-sm text-ink-faint hover:text-accent"
                            aria-label={`Delete link ${link.label}`}
                          >
                            Delete
                          </button>
                        </Form>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            {can.add_link && <AddLinkForm modelId={model.id} result={result} />}
          </TabPanel>
        )}

        {tab === "reviews" && (
          <TabPanel tab="reviews" className={panelClass}>
            <RelatedReviewsSection data={reviews} subject={model.name} headingId="model-reviews" />
          </TabPanel>
        )}

        {tab === "discussions" && (
          <TabPanel tab="discussions" className={panelClass}>
            <ModelDiscussions
              modelName={model.name}
              modelSlug={model.slug}
              topics={discussions.data}
              total={discussions.total}
            />
          </TabPanel>
        )}

        {tab === "stats" && (
          <TabPanel tab="stats" className={panelClass}>
            <h2 className="sr-only">Stats</h2>
            <ModelStatsTab nicknames={model.nicknames} />
          </TabPanel>
        )}

        {tab === "stories" && stories.enabled && (
          <TabPanel tab="stories" className={panelClass}>
            <StoriesTab
              model={model}
              stories={stories.stories}
              canCreate={stories.canCreate}
              camsites={camsites.filter((c) => model.nicknames.some((n) => n.cam_site_id === c.id))}
              vidstack={stories.vidstack}
              storyComments={stories.comments}
            />
          </TabPanel>
        )}

        {tab === "user-reviews" && (
          <TabPanel tab="user-reviews" className={panelClass}>
            <UserReviewsTab model={model} reviews={userReviews.list} writer={userReviews.writer} />
          </TabPanel>
        )}

        {tab === "comments" && comments && (
          <TabPanel tab="comments" className={panelClass}>
            <CommentsSection comments={comments} />
          </TabPanel>
        )}

        {tab === "girls-like-her" && (
          <TabPanel tab="girls-like-her" className={panelClass}>
            <h2 className="sr-only">Girls like her</h2>
            {!likeHer || likeHer.length === 0 ? (
              <p className="text-ink-muted">No similar models found yet.</p>
            ) : (
              <SimilarModels models={likeHer} />
            )}
          </TabPanel>
        )}
      </div>

      {can.report && (
        <details className={cardClass({ className: "text-sm" })}>
          <summary className="cursor-pointer font-semibold text-ink-soft">Report this profile</summary>
          <div className="mt-3 max-w-md">
            <ReportForm modelId={model.id} result={result} />
          </div>
        </details>
      )}
    </article>
  );
}

/** A members-only profile asks guests to sign in; anything else follows the error contract. */
export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const restricted = isRouteErrorResponse(error) && (error.status === 401 || error.status === 403);
  if (!restricted) return <RouteErrorBoundary />;
  const signIn = error.status === 401;
  return (
    <StatusView
      status={error.status}
      title={signIn ? "This profile is for registered members" : "This profile is private"}
      text={
        signIn
          ? "The model shows her profile only to signed-in members. Log in or create a free account to see it."
          : "The model shows this profile only to herself and the admins."
      }
    >
      <title>{signIn ? "Members only" : "Private profile"}</title>
      {signIn && (
        <Button to={loginPath(location.pathname)} size="md">
          Log in
        </Button>
      )}
      <Link to="/models" className="px-4 py-2 text-accent underline">
        Browse models
      </Link>
    </StatusView>
  );
}
