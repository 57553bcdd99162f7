import { PAGE_SIZE } from "@camatlas/shared";
import { type StoryReply, storyEndpoints } from "@camatlas/shared/api-contract";
import { Form, Link, useActionData } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { type Column, DataTable } from "../../components/ui/data-table.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { useSnackbarNote } from "../../lib/errors/index.ts";
import { intentFailure, intentSuccess } from "../../lib/errors/intent-result.ts";
import { apiLoad } from "../../lib/errors/loader-errors.ts";
import { apiContext } from "../../lib/load-context.ts";
import { seo } from "../../lib/seo/page-meta.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/stories";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

// Every model's stories for admins, newest publish time first: scheduled, live and archived, each with a Delete
// (audited by the API). The page is driven by its address (?page=), so it works without JavaScript.
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1);
  const reply = await apiLoad(
    context.get(apiContext).call(storyEndpoints.list, {
      query: { page, per_page: PAGE_SIZE.stories, show_unpublished: true, with_archived: true },
    }),
  );
  return { stories: reply.data, page: reply.current_page, last: reply.last_page, total: reply.total };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request);
  const form = await request.formData();
  try {
    const reply = await context
      .get(apiContext)
      .call(storyEndpoints.delete, { params: { id: Number(form.get("story_id")) } });
    return intentSuccess("delete-story", reply.message);
  } catch (error) {
    return intentFailure("delete-story", error);
  }
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Stories | Admin", noindex: true });
}

const STATE_LABEL: Record<StoryReply["state"], string> = {
  unpublished: "Scheduled",
  published: "Live",
  archived: "Archived",
};

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

const COLUMNS: readonly Column<StoryReply>[] = [
  {
    header: "Story",
    cell: (story) =>
      story.media.type === "image" || story.media.poster ? (
        <img
          src={story.media.type === "image" ? story.media.link : story.media.poster!}
          alt=""
          className="h-16 w-9 rounded object-cover"
          loading="lazy"
        />
      ) : (
        <Badge tone="neutral">Video</Badge>
      ),
  },
  {
    header: "Model",
    rowHeader: true,
    cell: (story) => (
      <Link to={`/models/${story.model.slug}?tab=stories`} className="text-accent hover:underline">
        {story.model.name}
      </Link>
    ),
  },
  {
    header: "State",
    cell: (story) => (
      <Badge tone={story.state === "published" ? "primary" : "neutral"}>{STATE_LABEL[story.state]}</Badge>
    ),
  },
  { header: "Goes live (UTC)", cell: (story) => when(story.publish_at), className: "whitespace-nowrap" },
  { header: "Camsite", cell: (story) => story.cam_site?.name ?? "—" },
  {
    header: "Actions",
    hideHeader: true,
    align: "right",
    cell: (story) => (
      <Form method="post" preventScrollReset>
        <input type="hidden" name="story_id" value={story.id} />
        <Button type="submit" variant="danger" size="xs">
          Delete
        </Button>
      </Form>
    ),
  },
];

export default function AdminStories({ loaderData }: Route.ComponentProps) {
  const { stories, page, last, total } = loaderData;
  useSnackbarNote(useActionData<typeof action>());
  return (
    <div className="space-y-6">
      <PageHeader title="Stories" lead={`${total} stories: scheduled, live and archived, newest first.`} />
      <DataTable
        phone="cards"
        columns={COLUMNS}
        rows={stories}
        rowKey={(story) => story.id}
        caption="Stories"
        empty={<EmptyState title="No stories yet" />}
      />
      <Pagination current={page} last={last} href={(n) => `/admin/stories?page=${n}`} label="Story pages" />
    </div>
  );
}
