import { useCallback, useEffect, useRef, useState } from "react";
import { errorText } from "../../lib/errors/error-contract.ts";
import { showError } from "../../lib/errors/snackbar-store.ts";
import { UploadError, type UploadedMedia, type UploadTarget, uploadFile } from "./upload-file.ts";

// The state of one upload for a form: progress in percent, cancel, retry of the same file. A failure shows its reason
// under the bar and, like every failed call (spec §8), the snackbar ('Oops! Something went wrong: …').

export type UploadState =
  | { status: "idle" }
  | { status: "uploading"; percent: number; file: File }
  | { status: "done"; media: UploadedMedia; file: File }
  | { status: "failed"; message: string; file: File }
  | { status: "cancelled"; file: File };

export function useUpload(target: UploadTarget) {
  const [state, setState] = useState<UploadState>({ status: "idle" });
  const controller = useRef<AbortController | null>(null);

  const start = useCallback(
    async (file: File): Promise<UploadedMedia | null> => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ status: "uploading", percent: 0, file });
      try {
        const media = await uploadFile(file, target, {
          signal: current.signal,
          onProgress: (loaded, total) =>
            setState({
              status: "uploading",
              percent: Math.min(100, Math.round((loaded / total) * 100)),
              file,
            }),
        });
        setState({ status: "done", media, file });
        return media;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError")
          setState({ status: "cancelled", file });
        else {
          setState({
            status: "failed",
            message: error instanceof UploadError ? error.message : "The upload failed.",
            file,
          });
          showError(errorText(error));
        }
        return null;
      }
    },
    [target],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const retry = useCallback(() => {
    if (state.status === "failed" || state.status === "cancelled") return start(state.file);
    return Promise.resolve(null);
  }, [state, start]);
  const reset = useCallback(() => {
    controller.current?.abort();
    setState({ status: "idle" });
  }, []);

  // Leaving the page ends the upload.
  useEffect(() => () => controller.current?.abort(), []);

  return { state, start, cancel, retry, reset };
}
