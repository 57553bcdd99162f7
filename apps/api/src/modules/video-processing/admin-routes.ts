import {
  listMediaJobs,
  type MediaJobListRow,
  mediaJobExists,
  requeueFailedMediaJob,
  setMediaProcessingStatus,
} from "@camatlas/db";
import { toPageEnvelope, VIDEO_MESSAGES } from "@camatlas/shared";
import { type VideoJobItem, videoJobEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";

// The admins' view of the video queue (/admin/video-jobs) and the retry of a failed job (audited).

/** Jobs on one page of the admins' view. */
export const VIDEO_JOBS_PER_PAGE = 25;

const listRoute = contractRoute(videoJobEndpoints.adminList, {
  access: "admin",
  tags: ["media"],
  summary: "The video processing queue, newest first, with the count of each state (admins)",
  replyDescription: "Jobs with their media and uploader",
});
const retryRoute = contractRoute(videoJobEndpoints.retry, {
  access: "admin",
  tags: ["media"],
  summary: "Queue a video job that ended in error again, attempts from zero (admins; audited)",
  errors: { 404: "No such job", 422: "The job did not end in error" },
  // The queue is no public read.
  invalidates: [],
  replyDescription: "Queued again",
});

function presentJob(row: MediaJobListRow): VideoJobItem {
  return {
    id: row.id,
    state: row.state,
    attempts: row.attempts,
    max_attempts: row.maxAttempts,
    last_error: row.lastError,
    run_at: row.runAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    media: {
      id: row.mediaId,
      name: row.mediaName,
      kind: row.mediaKind,
      processing_status: row.processingStatus,
      duration: row.duration,
      size: row.size,
    },
    uploader: row.uploaderId !== null ? { id: row.uploaderId, nick_name: row.uploaderNick ?? "" } : null,
  };
}

export const videoJobAdminRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const { state, page } = c.req.valid("query");
    const { rows, total, counts } = await listMediaJobs(c.var.deps.db, {
      state,
      limit: VIDEO_JOBS_PER_PAGE,
      offset: (page - 1) * VIDEO_JOBS_PER_PAGE,
    });
    c.header("Cache-Control", "private, no-store");
    return c.json(toPageEnvelope(rows.map(presentJob), total, page, VIDEO_JOBS_PER_PAGE, { counts }), 200);
  })
  .openapi(retryRoute, async (c) => {
    const { id } = c.req.valid("param");
    await c.var.deps.db.transaction(async (tx) => {
      const mediaId = await requeueFailedMediaJob(tx, id);
      if (mediaId === null) {
        if (!(await mediaJobExists(tx, id))) throw notFound(VIDEO_MESSAGES.jobNotFound);
        throw validationFailed({ id: [VIDEO_MESSAGES.jobNotFailed] });
      }
      await setMediaProcessingStatus(tx, mediaId, "Queued");
      await audit(c, tx, { action: "media.video_job_retried", subjectType: "media", subjectId: mediaId });
    });
    return c.json({ message: VIDEO_MESSAGES.jobRequeued }, 200);
  });
