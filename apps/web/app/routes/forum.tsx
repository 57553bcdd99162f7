import { forumEndpoints } from "@camatlas/shared/api-contract";
import { FORUM_TEXT } from "@camatlas/shared/forum";
import { Link } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { EmptyState } from "../components/ui/empty-state.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { ForumTime } from "../features/forum/forum-time.tsx";
import { apiLoad } from "../lib/errors/index.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/forum";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

// /forum: the categories in order, each with its counts and latest topic.
export async function loader({ context }: Route.LoaderArgs) {
  return apiLoad(context.get(apiContext).call(forumEndpoints.categories, {}));
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: FORUM_TEXT.title, description: FORUM_TEXT.lead });
}

export default function Forum({ loaderData }: Route.ComponentProps) {
  const { data: categories } = loaderData;
  const canStart = categories.some((category) => category.can.post);
  return (
    <div className="space-y-6">
      <PageHeader
        title={FORUM_TEXT.title}
        lead={FORUM_TEXT.lead}
        actions={
          canStart ? (
            <Button to="/forum/new" size="md">
              {FORUM_TEXT.newTopic}
            </Button>
          ) : null
        }
      />
      {categories.length === 0 ? (
        <EmptyState
          title={FORUM_TEXT.noCategories}
          text="Forum topics will appear here once the forum opens."
        />
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line bg-surface">
          {categories.map((category) => (
            <li
              key={category.id}
              className="flex flex-col gap-2 px-4 py-4 sm:flex-row sm:items-center sm:gap-6"
            >
              <div className="min-w-0 flex-1">
                <h2 className="text-lg font-semibold">
                  <Link to={category.url} className="text-ink hover:text-accent hover:underline">
                    {category.title}
                  </Link>
                </h2>
                {category.description && (
                  <p className="mt-1 text-sm text-ink-muted">{category.description}</p>
                )}
                <p className="mt-1 text-xs text-ink-muted">
                  {category.topics_count} {category.topics_count === 1 ? "topic" : "topics"} ·{" "}
                  {category.posts_count} {category.posts_count === 1 ? "post" : "posts"}
                  {category.posting_access === "admins" ? " · posts by admins" : ""}
                </p>
              </div>
              {category.last_topic && (
                <div className="min-w-0 text-sm sm:w-72">
                  <Link to={category.last_topic.url} className="block truncate text-ink hover:underline">
                    {category.last_topic.title}
                  </Link>
                  <p className="text-ink-muted">
                    {category.last_topic.last_post_user
                      ? `${category.last_topic.last_post_user.nick_name} · `
                      : ""}
                    <ForumTime value={category.last_topic.last_post_at} />
                  </p>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
