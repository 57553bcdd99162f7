import { SUCCESS_MESSAGES, VIDEO_MESSAGES } from "@camatlas/shared";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { VideoProcessingState } from "./use-video-processing.ts";
import { VideoProcessingLine } from "./video-processing-status.tsx";

const line = (state: Partial<VideoProcessingState>) =>
  renderToStaticMarkup(
    <VideoProcessingLine
      state={{ status: null, message: null, finished: false, media: null, error: null, ...state }}
    />,
  );

describe("VideoProcessingLine", () => {
  it("before the first answer says the video was uploaded, with a spinner, as a polite live status", () => {
    const html = line({});
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain(SUCCESS_MESSAGES.videoUploaded);
    expect(html).toContain("animate-spin");
  });

  it("shows the spec's text for each status, success and failure in their own tones without the spinner", () => {
    const processing = line({ status: "Processing", message: SUCCESS_MESSAGES.videoStillProcessing });
    expect(processing).toContain(SUCCESS_MESSAGES.videoStillProcessing);
    expect(processing).toContain("text-ink-muted");
    const done = line({ status: "Complete", message: SUCCESS_MESSAGES.videoProcessed, finished: true });
    expect(done).toContain(SUCCESS_MESSAGES.videoProcessed);
    expect(done).toContain("text-success");
    expect(done).not.toContain("animate-spin");
    const failed = line({ status: "Error", message: VIDEO_MESSAGES.processingFailed, finished: true });
    expect(failed).toContain(VIDEO_MESSAGES.processingFailed);
    expect(failed).toContain("text-danger");
    expect(failed).not.toContain("animate-spin");
  });

  it("shows why the status cannot be read (someone else's video, a deleted one)", () => {
    const html = line({ error: "This action is unauthorized.", finished: true });
    expect(html).toContain("This action is unauthorized.");
    expect(html).toContain("text-danger");
  });
});
