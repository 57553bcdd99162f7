import { SUCCESS_MESSAGES, VIDEO_STATUS_POLL_MS } from "@camatlas/shared";
import { mediaEndpoints, type VideoProcessingReply } from "@camatlas/shared/api-contract";
import { useEffect, useState } from "react";
import { browserCall } from "../../lib/errors/index.ts";

// Where an uploaded video is in processing (spec §4): asked every 5,000 ms until Complete or Error, with the spec's
// message for each step.

export interface VideoProcessing {
  message: string;
  finished: boolean;
  failed: boolean;
  /** Seconds, once probed. */
  duration: number | null;
  poster: string | null;
}

const UPLOADED: VideoProcessing = {
  message: SUCCESS_MESSAGES.videoUploaded,
  finished: false,
  failed: false,
  duration: null,
  poster: null,
};

function fromReply(reply: VideoProcessingReply): VideoProcessing {
  return {
    message: reply.message,
    finished: reply.finished,
    failed: reply.status === "Error",
    duration: reply.media.meta.duration ?? null,
    poster: reply.media.poster ?? null,
  };
}

/** The processing state of video `mediaId` (null: no video), polled until it is final. */
export function useVideoProcessing(mediaId: number | null): VideoProcessing | null {
  const [state, setState] = useState<VideoProcessing | null>(null);
  useEffect(() => {
    if (mediaId === null) {
      setState(null);
      return;
    }
    setState(UPLOADED);
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const reply = await browserCall(
          mediaEndpoints.processing,
          { params: { id: mediaId } },
          {
            signal: controller.signal,
          },
        );
        setState(fromReply(reply));
        if (!reply.finished) timer = setTimeout(poll, VIDEO_STATUS_POLL_MS);
      } catch (error) {
        if (controller.signal.aborted) return;
        // A failed poll (a network blip) is tried again at the next interval.
        if (!(error instanceof DOMException)) timer = setTimeout(poll, VIDEO_STATUS_POLL_MS);
      }
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [mediaId]);
  return state;
}
