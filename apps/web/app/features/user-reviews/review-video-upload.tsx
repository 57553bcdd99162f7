import { useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { FieldError } from "../../components/ui/field-frame.tsx";
import type { UploadTarget } from "../media/upload-file.ts";
import { UploadProgress } from "../media/upload-progress.tsx";
import { useUpload } from "../media/use-upload.ts";
import { useVideoProcessing } from "./use-video-processing.ts";

// A review's one video: uploaded with a progress bar (POST /media/user-reviews), then its processing status polled
// every 5 s with the spec's messages; its probed length is compared with what the review's words allow.

export interface ReviewVideo {
  id: number;
  link: string;
}

const TARGET: UploadTarget = { kind: "form", path: "/media/user-reviews" };
const VIDEO_ACCEPT = "video/mp4,video/quicktime,video/webm,video/x-matroska,.mp4,.mov,.webm,.mkv";

export function ReviewVideoUpload({
  initial,
  maxBytes,
  limitSeconds,
  words,
  error,
  tooShortText,
}: {
  initial: ReviewVideo | null;
  maxBytes: number;
  /** What the current word count allows; null under 500 words. */
  limitSeconds: number | null;
  words: number;
  error?: string | undefined;
  tooShortText: string;
}) {
  const [video, setVideo] = useState<ReviewVideo | null>(initial);
  const [refused, setRefused] = useState<string | null>(null);
  const upload = useUpload(TARGET);
  const processing = useVideoProcessing(video?.id ?? null);
  const input = useRef<HTMLInputElement>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setRefused(null);
    if (file.size > maxBytes) {
      setRefused(`${file.name}: larger than ${Math.round(maxBytes / 1_000_000)} MB.`);
      return;
    }
    setVideo(null);
    const media = await upload.start(file);
    if (media) setVideo({ id: media.id, link: media.link });
    if (input.current) input.current.value = "";
  };

  const remove = () => {
    upload.reset();
    setVideo(null);
  };

  const duration = processing?.duration ?? null;
  const tooLong = duration !== null && limitSeconds !== null && duration > limitSeconds;

  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <label htmlFor="review-video" className="block text-sm font-medium text-ink-soft">
          Video
        </label>
        <input
          ref={input}
          id="review-video"
          type="file"
          accept={VIDEO_ACCEPT}
          onChange={(event) => void choose(event.target.files?.[0])}
          aria-describedby="review-video-hint"
          className="block w-full text-sm text-ink-soft file:mr-3 file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-2 file:text-accent"
        />
        <p id="review-video-hint" className="text-xs text-ink-faint">
          One mp4, mov, webm or mkv video up to 1 GB.{" "}
          {limitSeconds === null ? tooShortText : `Your ${words} words allow up to ${limitSeconds} seconds.`}
        </p>
        {refused && <FieldError>{refused}</FieldError>}
        {error && <FieldError>{error}</FieldError>}
      </div>
      <UploadProgress
        state={upload.state}
        label="Video upload"
        onCancel={upload.cancel}
        onRetry={() =>
          void upload.retry().then((media) => media && setVideo({ id: media.id, link: media.link }))
        }
      />
      {video && (
        <div className="space-y-2 rounded-lg border border-line bg-surface-muted p-3 text-sm">
          <input type="hidden" name="video_media_id" value={video.id} />
          <p
            role="status"
            className={processing?.failed ? "text-danger" : "text-ink-soft"}
            data-testid="video-status"
          >
            {processing?.message ?? "Video attached."}
          </p>
          {duration !== null && (
            <p className={tooLong ? "text-danger" : "text-ink-muted"}>
              Length {Math.ceil(duration)} s
              {limitSeconds !== null &&
                (tooLong
                  ? ` — longer than the ${limitSeconds} s your ${words} words allow. Write more or choose a shorter video.`
                  : ` — fits the ${limitSeconds} s limit.`)}
            </p>
          )}
          {processing?.poster && (
            <img
              src={processing.poster}
              alt="Poster frame of your video"
              className="h-32 rounded-md object-cover"
            />
          )}
          <Button type="button" variant="ghost" size="sm" onClick={remove}>
            Remove video
          </Button>
        </div>
      )}
    </div>
  );
}
