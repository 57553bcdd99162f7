import { ROLE, ROLE_NAMES } from "@camatlas/shared";
import { forumEndpoints, userEndpoints } from "@camatlas/shared/api-contract";
import { FORUM_PAGE_SIZE } from "@camatlas/shared/forum";
import { Link } from "react-router";
import { Badge } from "../components/ui/badge.tsx";
import { BlurImage } from "../components/ui/blur-image.tsx";
import { Button } from "../components/ui/button.tsx";
import { Card, cardClass } from "../components/ui/card.tsx";
import { Avatar } from "../features/account/avatar.tsx";
import { countryName } from "../features/auth/profile-options.ts";
import { CommentsSection } from "../features/comments/comments-section.tsx";
import { loadCommentsFor } from "../features/comments/load-comments.ts";
import { UserForumActivity } from "../features/forum/user-forum-activity.tsx";
import { apiLoad } from "../lib/errors/index.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import { useCurrentUser } from "../lib/session/current-user.ts";
import type { Route } from "./+types/user-profile";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const user = await apiLoad(api.call(userEndpoints.byNickName, { params: { nick_name: params.nickName } }));
  // The comments on her page (the "profile" thread), server-rendered.
  // Her forum topics and posts beside them (a failing forum read leaves the rest of the page).
  const empty = { data: [], total: 0 };
  const perPage = FORUM_PAGE_SIZE.profileItems;
  const [comments, topics, posts] = await Promise.all([
    loadCommentsFor(api, request, "profile", user.id),
    api.call(forumEndpoints.topics, { query: { user_id: user.id, per_page: perPage } }).catch(() => empty),
    api.call(forumEndpoints.posts, { query: { user_id: user.id } }).catch(() => empty),
  ]);
  return { user, comments, forum: { topics, posts } };
}

export function meta(args: Route.MetaArgs) {
  const user = args.loaderData?.user;
  if (!user) return seo(args, { title: "User not found", noindex: true });
  return seo(args, {
    title: `${user.nick_name}${user.full_name ? ` (${user.full_name})` : ""}`,
    description: user.about?.slice(0, 300),
    image: user.avatar_path,
    type: "profile",
  });
}

const memberSince = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

export default function UserProfile({ loaderData }: Route.ComponentProps) {
  const { user, comments, forum } = loaderData;
  const viewer = useCurrentUser();
  const location = [user.city, countryName(user.country)].filter(Boolean).join(", ");
  const stats = user.stats;
  const models = user.models ?? [];
  return (
    <article className="mx-auto max-w-4xl space-y-6">
      <header className={cardClass({ padding: "lg", className: "flex flex-wrap items-center gap-5" })}>
        <Avatar
          src={user.avatar_path}
          placeholder={user.avatar_placeholder}
          name={user.nick_name}
          size={112}
        />
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-bold break-words">{user.nick_name}</h1>
          {user.full_name && <p className="text-lg text-ink-soft">{user.full_name}</p>}
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
            <Badge tone="neutral" className="px-2.5 text-sm font-medium">
              {ROLE_NAMES[user.role_id] ?? "Member"}
            </Badge>
            {user.role_id === ROLE.camgirl && user.verified_camgirl && (
              <span className="rounded-full bg-success-soft px-2.5 py-0.5 font-medium text-success">
                Verified camgirl
              </span>
            )}
            {location && <span>{location}</span>}
            <span>Member since {memberSince.format(new Date(user.created_at))}</span>
          </p>
        </div>
        {viewer?.id === user.id && (
          <Button to="/account" variant="secondary" size="sm">
            Edit profile
          </Button>
        )}
      </header>

      {stats && (
        <section aria-label="Activity">
          <dl className="grid grid-cols-3 gap-3">
            {(
              [
                ["Comments", stats.comments],
                ["Reviews", stats.reviews],
                ["Ratings", stats.ratings],
              ] as const
            ).map(([label, count]) => (
              <Card key={label} className="text-center">
                <dt className="text-sm text-ink-muted">{label}</dt>
                <dd className="text-2xl font-bold text-ink">{count}</dd>
              </Card>
            ))}
          </dl>
        </section>
      )}

      <Card as="section" aria-labelledby="about-title" padding="lg">
        <h2 id="about-title" className="text-lg font-semibold">
          About
        </h2>
        <p className="mt-2 whitespace-pre-line text-ink-soft">
          {user.about || `${user.nick_name} has not written anything yet.`}
        </p>
      </Card>

      {(user.role_id === ROLE.camgirl || models.length > 0) && (
        <section aria-labelledby="models-title">
          <h2 id="models-title" className="mb-3 text-lg font-semibold">
            Models
          </h2>
          {models.length === 0 ? (
            <p className="text-ink-muted">No model profiles yet.</p>
          ) : (
            <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
              {models.map((model) => (
                <Card as="li" key={model.id} padding="none" className="overflow-hidden">
                  <Link to={`/models/${model.slug}`} className="block hover:bg-surface-muted">
                    {model.avatar_path ? (
                      <BlurImage
                        src={model.avatar_path}
                        placeholder={model.avatar_placeholder}
                        alt=""
                        width={200}
                        height={200}
                        loading="lazy"
                        className="aspect-square w-full object-cover"
                      />
                    ) : (
                      <div className="aspect-square w-full bg-line-soft" />
                    )}
                    <p className="p-2 font-medium">{model.name}</p>
                  </Link>
                </Card>
              ))}
            </ul>
          )}
        </section>
      )}

      <UserForumActivity nick={user.nick_name} topics={forum.topics} posts={forum.posts} />

      <CommentsSection comments={comments} />
    </article>
  );
}
export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";
