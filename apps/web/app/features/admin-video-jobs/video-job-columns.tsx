import type { VideoJobItem, VideoJobState } from "@camatlas/shared/api-contract";
import { Form, Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import type { Column } from "../../components/ui/data-table.tsx";

// The columns of the admins' video queue table (/admin/video-jobs): the video, its uploader, the job's state and
// attempts, when it runs or ran, ffmpeg's last error, and a retry for a failed job.

export const VIDEO_JOB_STATE_VIEW: Record<
  VideoJobState,
  { label: string; className: string; meaning: string }
> = {
  queued: {
    label: "Queued",
    className: "bg-warning-soft text-warning",
    meaning: "Waiting for a worker, or for its next attempt after a failure (the time shows when).",
  },
  running: {
    label: "Running",
    className: "bg-primary-soft text-accent",
    meaning: "A worker is transcoding it now (or died doing so: it is taken over within a minute).",
  },
  complete: {
    label: "Complete",
    className: "bg-success-soft text-success",
    meaning: "Processed: the MP4 and its poster are in place.",
  },
  error: {
    label: "Error",
    className: "bg-danger-soft text-danger",
    meaning: "Every attempt failed, or the file can never work. Retry after fixing the cause.",
  },
};

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

const seconds = (value: number | null) => (value === null ? "—" : `${Math.round(value)} s`);
const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

export const VIDEO_JOB_COLUMNS: readonly Column<VideoJobItem>[] = [
  {
    header: "Video",
    rowHeader: true,
    cell: (job) => (
      <span className="block min-w-0">
        <span className="block max-w-48 truncate font-medium text-ink" title={job.media.name}>
          {job.media.name}
        </span>
        <span className="block text-xs text-ink-muted">
          #{job.media.id} · {job.media.kind === "story" ? "story" : "review"} · {seconds(job.media.duration)}{" "}
          · {megabytes(job.media.size)}
        </span>
      </span>
    ),
  },
  {
    header: "Uploader",
    cell: (job) =>
      job.uploader ? (
        <Link
          to={`/users/${encodeURIComponent(job.uploader.nick_name)}`}
          className="text-accent hover:underline"
        >
          {job.uploader.nick_name}
        </Link>
      ) : (
        "—"
      ),
  },
  {
    header: "State",
    cell: (job) => {
      const view = VIDEO_JOB_STATE_VIEW[job.state];
      return (
        <span className="whitespace-nowrap">
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${view.className}`}>
            {view.label}
          </span>
          <span className="ml-2 text-xs text-ink-muted tabular-nums">
            {job.attempts}/{job.max_attempts}
          </span>
        </span>
      );
    },
  },
  {
    header: "Runs / ran (UTC)",
    cell: (job) => when(job.state === "queued" ? job.run_at : job.updated_at),
    className: "whitespace-nowrap",
  },
  {
    header: "Last error",
    cell: (job) =>
      job.last_error ? (
        <span className="block max-w-72 break-words font-mono text-xs text-danger">{job.last_error}</span>
      ) : (
        <span className="text-ink-faint">—</span>
      ),
  },
  {
    // A visible header: the kit's screen-reader-only header sits outside the table's scroll frame and widens a phone's
    // page.
    header: "Actions",
    align: "right",
    cell: (job) =>
      job.state === "error" ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="job_id" value={job.id} />
          <Button type="submit" variant="secondary" size="xs" aria-label={`Retry ${job.media.name}`}>
            Retry
          </Button>
        </Form>
      ) : null,
  },
];
