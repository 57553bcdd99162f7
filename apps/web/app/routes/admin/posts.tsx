import { POST_STATES, POST_TYPES, type PostState, type PostType } from "@camatlas/shared";
import { type AdminPostListItem, postEndpoints } from "@camatlas/shared/api-contract";
import { useEffect } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { type Column, DataTable } from "../../components/ui/data-table.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { navPillClass } from "../../components/ui/nav-pill.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { formatPostDateTime } from "../../features/posts/post-date.ts";
import { POST_KINDS } from "../../features/posts/post-kinds.ts";
import { PostStateBadge } from "../../features/posts/post-state-badge.tsx";
import { apiLoad } from "../../lib/errors/loader-errors.ts";
import { showSuccess } from "../../lib/errors/snackbar-store.ts";
import { apiContext } from "../../lib/load-context.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/posts";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

// /admin/posts: the desk — every review, blog post and news item, filtered by kind, state and title words
// (?type=&state=&query=&page=), each with its state and its date, newest change first.

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  const url = new URL(request.url);
  const type = oneOf(POST_TYPES, url.searchParams.get("type"));
  const state = oneOf(POST_STATES, url.searchParams.get("state"));
  const query = url.searchParams.get("query")?.trim().slice(0, 200) || undefined;
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const reply = await apiLoad(
    context
      .get(apiContext)
      .call(postEndpoints.adminList, { query: { type, state, query, page, per_page: 20 } }),
  );
  return { reply, filters: { type: type ?? null, state: state ?? null, query: query ?? "" } };
}

export function meta() {
  return [{ title: "Posts | Admin" }, { name: "robots", content: "noindex" }];
}

const STATE_LABELS: Record<PostState, string> = {
  draft: "Drafts",
  scheduled: "Scheduled",
  published: "Published",
};

const COLUMNS: Column<AdminPostListItem>[] = [
  {
    header: "Title",
    rowHeader: true,
    className: "font-medium",
    cell: (post) => (
      <Link to={`/admin/posts/${post.id}`} className="hover:text-accent">
        {post.post_title}
      </Link>
    ),
  },
  { header: "Kind", cell: (post) => POST_KINDS[post.type].singular },
  {
    header: "State",
    cell: (post) => (
      <span className="flex flex-col items-start gap-1">
        <PostStateBadge state={post.state} />
        {post.state !== "draft" && (
          <span className="text-xs text-ink-faint">{formatPostDateTime(post.published_at)}</span>
        )}
      </span>
    ),
  },
  { header: "Votes", align: "right", cell: (post) => post.votes },
  {
    header: "Actions",
    hideHeader: true,
    cell: (post) => (
      <div className="flex justify-end gap-1">
        <Button to={`/admin/posts/${post.id}`} variant="ghost" size="xs">
          Edit
        </Button>
        <Button href={post.url} variant="ghost" size="xs">
          {post.state === "published" ? "View" : "Preview"}
        </Button>
      </div>
    ),
  },
];

export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const { reply, filters } = loaderData;
  const [search, setSearch] = useSearchParams();
  useEffect(() => {
    if (search.get("deleted") !== "1") return;
    showSuccess("The post has been deleted.");
    const next = new URLSearchParams(search);
    next.delete("deleted");
    setSearch(next, { replace: true, preventScrollReset: true });
  }, [search, setSearch]);
  const href = (changes: Partial<{ state: PostState | null; page: number }>) => {
    const params = new URLSearchParams();
    if (filters.type) params.set("type", filters.type);
    const state = "state" in changes ? changes.state : filters.state;
    if (state) params.set("state", state);
    if (filters.query) params.set("query", filters.query);
    if (changes.page && changes.page > 1) params.set("page", String(changes.page));
    const query = params.toString();
    return `/admin/posts${query ? `?${query}` : ""}`;
  };
  const counts = reply.meta.counts;
  const all = counts.draft + counts.scheduled + counts.published;
  return (
    <div className="space-y-6">
      <PageHeader
        size="md"
        title="Posts"
        lead="Reviews, blog posts and news: write, preview, schedule and publish."
        actions={<Button to="/admin/posts/new">New post</Button>}
      />
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter posts">
        {filters.state && <input type="hidden" name="state" value={filters.state} />}
        <SelectField
          label="Kind"
          name="type"
          defaultValue={filters.type ?? ""}
          placeholder="All kinds"
          options={POST_TYPES.map((type: PostType) => ({ value: type, label: POST_KINDS[type].title }))}
          size="sm"
        />
        <TextField label="Title" name="query" type="search" defaultValue={filters.query} size="sm" />
        <Button type="submit" variant="secondary" size="sm">
          Filter
        </Button>
      </Form>
      <nav aria-label="Posts by state" className="flex flex-wrap gap-1">
        <Link
          to={href({ state: null })}
          className={navPillClass(!filters.state)}
          aria-current={!filters.state ? "true" : undefined}
        >
          All ({all})
        </Link>
        {POST_STATES.map((state) => (
          <Link
            key={state}
            to={href({ state })}
            className={navPillClass(filters.state === state)}
            aria-current={filters.state === state ? "true" : undefined}
          >
            {STATE_LABELS[state]} ({counts[state]})
          </Link>
        ))}
      </nav>
      <DataTable
        phone="cards"
        columns={COLUMNS}
        rows={reply.data}
        rowKey={(post) => post.id}
        cellPadding="py-3"
        empty={<EmptyState title="No posts here" text="Write one with New post." />}
      />
      <Pagination
        current={reply.current_page}
        last={reply.last_page}
        href={(page) => href({ page })}
        label="Posts pages"
      />
    </div>
  );
}
