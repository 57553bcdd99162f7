import type { PostType } from "@camatlas/shared";
import type { PostTeaserReply } from "@camatlas/shared/api-contract";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { POST_KINDS, postFeedPath } from "./post-kinds.ts";
import { PostTeaserGrid } from "./post-teaser-card.tsx";

// /reviews, /blog and /news: the kind's live posts, newest first, paged by plain links (works without JavaScript).

export interface PostListData {
  type: PostType;
  tag: string | null;
  posts: PostTeaserReply[];
  page: number;
  lastPage: number;
  total: number;
}

export function listHref(type: PostType, page: number, tag: string | null): string {
  const params = new URLSearchParams();
  if (tag) params.set("tag", tag);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `${POST_KINDS[type].listPath}${query ? `?${query}` : ""}`;
}

export function PostListPage({ data }: { data: PostListData }) {
  const kind = POST_KINDS[data.type];
  return (
    <div className="space-y-8">
      <PageHeader
        title={data.tag ? `${kind.title}: ${data.tag}` : kind.title}
        lead={kind.lead}
        actions={
          <a
            href={postFeedPath(data.type)}
            className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-ink-soft ring-1 ring-line hover:bg-line-soft focus:outline-none focus-visible:ring-2 focus-visible:ring-focus"
          >
            <span aria-hidden="true">◉</span> RSS feed
          </a>
        }
      />
      {data.tag && (
        <p className="text-sm text-ink-muted">
          {data.total} {data.total === 1 ? "post" : "posts"} tagged “{data.tag}”.{" "}
          <a href={kind.listPath} className="text-accent underline">
            Show all
          </a>
        </p>
      )}
      {data.posts.length > 0 ? (
        <PostTeaserGrid posts={data.posts} />
      ) : (
        <EmptyState title={kind.emptyTitle} text={kind.emptyText} />
      )}
      <Pagination
        current={data.page}
        last={data.lastPage}
        href={(page) => listHref(data.type, page, data.tag)}
        label={`${kind.title} pages`}
      />
    </div>
  );
}
