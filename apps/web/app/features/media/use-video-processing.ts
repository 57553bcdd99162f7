import { isVideoProcessingFinished, VIDEO_STATUS_POLL_MS } from "@camatlas/shared";
import { type MediaReply, mediaEndpoints } from "@camatlas/shared/api-contract";
import { useEffect, useState } from "react";
import { ApiResponseError } from "../../lib/api-client.ts";
import { browserCall } from "../../lib/errors/browser-api.ts";

// A video's processing, polled from GET /api/media/{id}/processing every VIDEO_STATUS_POLL_MS (spec §4, §9) until it
// is Complete or Error. For the review writer, the story composer, and anywhere the uploader waits for her video.

export interface VideoProcessingState {
  /** Queued, Processing, Complete, Error; null before the first answer. */
  status: string | null;
  /** The spec's text for the status ('Video successfully uploaded.', …). */
  message: string | null;
  /** Complete or Error: polling has stopped. */
  finished: boolean;
  /** The media as it now is: its MP4 link and poster once Complete. */
  media: MediaReply | null;
  /** Why the status could not be read (gone, not hers): polling has stopped. */
  error: string | null;
}

const IDLE: VideoProcessingState = { status: null, message: null, finished: false, media: null, error: null };

/**
 * Polls one video's status. `mediaId` null polls nothing; `initialStatus` (from the upload's reply) skips polling
 * for a video that is already final. The first check is immediate, the next ones `intervalMs` after each answer
 * (never overlapping); a hidden tab waits until it is shown; a network failure is retried at the next tick.
 */
export function useVideoProcessing(
  mediaId: number | null,
  options: { initialStatus?: string | null; intervalMs?: number } = {},
): VideoProcessingState {
  const { initialStatus = null, intervalMs = VIDEO_STATUS_POLL_MS } = options;
  const [state, setState] = useState<VideoProcessingState>(() =>
    initialStatus
      ? { ...IDLE, status: initialStatus, finished: isVideoProcessingFinished(initialStatus) }
      : IDLE,
  );

  useEffect(() => {
    if (mediaId === null || isVideoProcessingFinished(initialStatus)) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      timer = setTimeout(tick, intervalMs);
    };
    const tick = async () => {
      if (document.hidden) {
        document.addEventListener("visibilitychange", tick, { once: true });
        return;
      }
      try {
        const reply = await browserCall(
          mediaEndpoints.processing,
          { params: { id: mediaId } },
          { signal: controller.signal },
        );
        if (controller.signal.aborted) return;
        setState({
          status: reply.status,
          message: reply.message,
          finished: reply.finished,
          media: reply.media,
          error: null,
        });
        if (!reply.finished) schedule();
      } catch (error) {
        if (controller.signal.aborted) return;
        // 403/404 will not change by asking again; anything else (a dropped connection, a 503) may.
        if (
          error instanceof ApiResponseError &&
          error.status >= 400 &&
          error.status < 500 &&
          error.status !== 429
        ) {
          setState((previous) => ({ ...previous, finished: true, error: error.message }));
          return;
        }
        schedule();
      }
    };
    void tick();
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [mediaId, initialStatus, intervalMs]);

  return state;
}
