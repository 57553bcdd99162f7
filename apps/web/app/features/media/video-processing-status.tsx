import { SUCCESS_MESSAGES } from "@camatlas/shared";
import { useEffect, useRef } from "react";
import { useVideoProcessing, type VideoProcessingState } from "./use-video-processing.ts";

// One line telling the uploader where her video is, announced politely to screen readers as it changes: the spec's
// texts while it is processed, a success line when done, the error text when it failed.

export function VideoProcessingLine({ state }: { state: VideoProcessingState }) {
  const failed = state.status === "Error" || state.error !== null;
  const done = state.status === "Complete";
  const text = state.error ?? state.message ?? SUCCESS_MESSAGES.videoUploaded;
  const tone = failed ? "text-danger" : done ? "text-success" : "text-ink-muted";
  return (
    <p
      role="status"
      aria-live="polite"
      className={`flex items-center gap-2 text-sm ${tone}`}
      data-video-status={state.status ?? ""}
    >
      {!failed && !done && (
        <span
          aria-hidden="true"
          className="size-3 shrink-0 animate-spin rounded-full border-2 border-line border-t-accent"
        />
      )}
      <span className="min-w-0 break-words">{text}</span>
    </p>
  );
}

/** Polls a video (see useVideoProcessing) and shows its line; `onFinished` hears the final state once. */
export function VideoProcessingStatus({
  mediaId,
  initialStatus,
  onFinished,
}: {
  mediaId: number;
  initialStatus?: string | null;
  onFinished?: (state: VideoProcessingState) => void;
}) {
  const state = useVideoProcessing(mediaId, { initialStatus: initialStatus ?? null });
  const told = useRef(false);
  useEffect(() => {
    if (!state.finished || told.current) return;
    told.current = true;
    onFinished?.(state);
  }, [state, onFinished]);
  return <VideoProcessingLine state={state} />;
}
