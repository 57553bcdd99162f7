import { Button } from "../../components/ui/button.tsx";
import type { UploadState } from "./use-upload.ts";

// What an upload looks like while it runs and after: a bar with the percentage, Cancel while it runs, Retry when it
// failed or was cancelled. Announced politely to screen readers.

export function UploadProgress({
  state,
  onCancel,
  onRetry,
  label = "Upload",
}: {
  state: UploadState;
  onCancel: () => void;
  onRetry: () => void;
  label?: string;
}) {
  if (state.status === "idle") return null;
  const percent = state.status === "uploading" ? state.percent : state.status === "done" ? 100 : 0;
  const name = "file" in state ? state.file.name : "";
  return (
    <div
      className="space-y-2 rounded-lg border border-line bg-surface-muted p-3 text-sm"
      data-testid="upload-progress"
    >
      <div className="flex items-center justify-between gap-3">
        <span className="min-w-0 truncate text-ink-soft">{name}</span>
        <span className="tabular-nums text-ink-muted" aria-hidden="true">
          {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${label}: ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-line-soft"
      >
        <div
          className={`h-full rounded-full transition-[width] ${state.status === "failed" ? "bg-danger" : "bg-primary"}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2" aria-live="polite">
        <span className={state.status === "failed" ? "text-danger" : "text-ink-muted"}>
          {state.status === "uploading" && "Uploading…"}
          {state.status === "done" && "Uploaded."}
          {state.status === "failed" && state.message}
          {state.status === "cancelled" && "Upload cancelled."}
        </span>
        {state.status === "uploading" && (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
        {(state.status === "failed" || state.status === "cancelled") && (
          <Button type="button" variant="secondary" size="sm" onClick={onRetry}>
            Retry
          </Button>
        )}
      </div>
    </div>
  );
}
