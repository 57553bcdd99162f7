import { VIDEO_JOB_STATES, type VideoJobState, videoJobEndpoints } from "@camatlas/shared/api-contract";
import { useActionData } from "react-router";
import { DataTable } from "../../components/ui/data-table.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { NavPill } from "../../components/ui/nav-pill.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import {
  VIDEO_JOB_COLUMNS,
  VIDEO_JOB_STATE_VIEW,
} from "../../features/admin-video-jobs/video-job-columns.tsx";
import { useSnackbarNote } from "../../lib/errors/index.ts";
import { intentFailure, intentSuccess } from "../../lib/errors/intent-result.ts";
import { apiLoad } from "../../lib/errors/loader-errors.ts";
import { apiContext } from "../../lib/load-context.ts";
import { seo } from "../../lib/seo/page-meta.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/video-jobs";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

// The video processing queue for admins: every job newest first, filtered by state (?state=), a retry for a failed
// one. Driven by its address and plain forms, so it works without JavaScript.

const isState = (value: string | null): value is VideoJobState =>
  (VIDEO_JOB_STATES as readonly string[]).includes(value ?? "");

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const state = params.get("state");
  const page = Math.max(1, Number(params.get("page")) || 1);
  const reply = await apiLoad(
    context
      .get(apiContext)
      .call(videoJobEndpoints.adminList, { query: { page, ...(isState(state) ? { state } : {}) } }),
  );
  return {
    jobs: reply.data,
    counts: reply.meta.counts,
    state: isState(state) ? state : null,
    page: reply.current_page,
    last: reply.last_page,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request);
  const form = await request.formData();
  try {
    const reply = await context
      .get(apiContext)
      .call(videoJobEndpoints.retry, { params: { id: Number(form.get("job_id")) } });
    return intentSuccess("retry-video-job", reply.message);
  } catch (error) {
    return intentFailure("retry-video-job", error);
  }
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: "Video jobs | Admin", noindex: true });
}

const filterHref = (state: VideoJobState | null, page = 1) => {
  const query = new URLSearchParams();
  if (state) query.set("state", state);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return `/admin/video-jobs${text ? `?${text}` : ""}`;
};

export default function AdminVideoJobs({ loaderData }: Route.ComponentProps) {
  const { jobs, counts, state, page, last } = loaderData;
  useSnackbarNote(useActionData<typeof action>());
  const all = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <div className="space-y-6">
      <PageHeader
        size="md"
        title="Video jobs"
        lead="Review and story videos on their way to MP4: what waits, runs, finished or failed, and why."
      />
      <nav aria-label="Job states" className="flex flex-wrap gap-2">
        <NavPill to={filterHref(null)} active={state === null}>
          All ({all})
        </NavPill>
        {VIDEO_JOB_STATES.map((s) => (
          <NavPill key={s} to={filterHref(s)} active={state === s}>
            {VIDEO_JOB_STATE_VIEW[s].label} ({counts[s]})
          </NavPill>
        ))}
      </nav>
      <DataTable
        phone="cards"
        columns={VIDEO_JOB_COLUMNS}
        rows={jobs}
        rowKey={(job) => job.id}
        caption="Video jobs"
        empty={
          <EmptyState
            title={state ? `No ${VIDEO_JOB_STATE_VIEW[state].label.toLowerCase()} jobs` : "No video jobs yet"}
          />
        }
      />
      <Pagination current={page} last={last} href={(n) => filterHref(state, n)} label="Video job pages" />
      <details className="rounded-card border border-line-soft bg-surface p-4 text-sm text-ink-soft">
        <summary className="cursor-pointer font-semibold text-ink">What the states mean</summary>
        <dl className="mt-3 space-y-2">
          {VIDEO_JOB_STATES.map((s) => (
            <div key={s} className="flex flex-wrap gap-2">
              <dt
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${VIDEO_JOB_STATE_VIEW[s].className}`}
              >
                {VIDEO_JOB_STATE_VIEW[s].label}
              </dt>
              <dd>{VIDEO_JOB_STATE_VIEW[s].meaning}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
