import { SUCCESS_MESSAGES } from "@camatlas/shared";
import { useVideoProcessing as useSharedVideoProcessing } from "../media/use-video-processing.ts";

// The review writer's view of its video's processing: the shared poller (features/media), read as the message to
// show, whether it is final or failed, and the probed length the word-count limit is checked against.

export interface VideoProcessing {
  message: string;
  finished: boolean;
  failed: boolean;
  /** Seconds, once probed. */
  duration: number | null;
  poster: string | null;
}

/** The processing state of video `mediaId` (null: no video), polled until it is final. */
export function useVideoProcessing(mediaId: number | null): VideoProcessing | null {
  const state = useSharedVideoProcessing(mediaId);
  if (mediaId === null) return null;
  return {
    message: state.error ?? state.message ?? SUCCESS_MESSAGES.videoUploaded,
    finished: state.finished,
    failed: state.status === "Error" || state.error !== null,
    duration: state.media?.meta.duration ?? null,
    poster: state.media?.poster ?? null,
  };
}
