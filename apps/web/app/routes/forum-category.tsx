import { forumEndpoints } from "@camatlas/shared/api-contract";
import { FORUM_TEXT } from "@camatlas/shared/forum";
import { Link } from "react-router";
import { Button } from "../components/ui/button.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { Pagination } from "../components/ui/pagination.tsx";
import { TopicList } from "../features/forum/topic-list.tsx";
import { apiLoad } from "../lib/errors/index.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/forum-category";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

// /forum/{category}: its topics, pinned first then by latest activity, 20 a page; ?tag= narrows to one tag.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = Number(url.searchParams.get("page") ?? "1");
  const tag = url.searchParams.get("tag") ?? undefined;
  return apiLoad(
    context.get(apiContext).call(forumEndpoints.category, {
      params: { slug: params.category },
      query: { page: Number.isInteger(page) && page > 0 ? page : 1, ...(tag ? { tag } : {}) },
    }),
    { title: "Category not found", text: "This forum category does not exist." },
  );
}

export function meta(args: Route.MetaArgs) {
  const category = args.loaderData?.category;
  if (!category) return seo(args, { title: "Forum", noindex: true });
  const page = args.loaderData?.topics.current_page ?? 1;
  return seo(args, {
    title: `${category.title}${page > 1 ? ` (page ${page})` : ""} | ${FORUM_TEXT.title}`,
    description: category.description ?? `${category.title}: discussions on the forum.`,
    path: page > 1 ? `${category.url}?page=${page}` : category.url,
  });
}

export default function ForumCategory({ loaderData }: Route.ComponentProps) {
  const { category, topics } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        crumbs={
          <Link to="/forum" className="hover:underline">
            {FORUM_TEXT.title}
          </Link>
        }
        title={category.title}
        lead={category.description}
        actions={
          category.can.post ? (
            <Button to={`/forum/new?category=${encodeURIComponent(category.slug)}`} size="md">
              {FORUM_TEXT.newTopic}
            </Button>
          ) : null
        }
      />
      <TopicList topics={topics.data} emptyText={FORUM_TEXT.noTopicsText} />
      <Pagination
        current={topics.current_page}
        last={topics.last_page}
        href={(page) => (page > 1 ? `${category.url}?page=${page}` : category.url)}
        label={`${category.title} pages`}
      />
    </div>
  );
}
