import { IMAGE_ACCEPT } from "@camatlas/shared";
import { useId, useState } from "react";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { controlClass } from "../../components/ui/field-frame.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { IMAGE_UPLOAD } from "../media/upload-file.ts";
import { UploadProgress } from "../media/upload-progress.tsx";
import { useUpload } from "../media/use-upload.ts";

/**
 * An image setting: the link is what gets saved; uploading a file (presigned, with the progress bar: percentage,
 * Cancel, Retry) fills it in. Without JavaScript the link is typed.
 */
export function ImageField({
  name,
  label,
  defaultValue,
  hint,
}: {
  name: string;
  label: string;
  defaultValue: string | null;
  hint?: string;
}) {
  const id = useId();
  const [value, setValue] = useState(defaultValue ?? "");
  const upload = useUpload(IMAGE_UPLOAD);
  // The upload runs in the browser: its button waits for the page to run (a file picked before would be ignored).
  const hydrated = useHydrated();
  const uploading = upload.state.status === "uploading";

  async function choose(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const media = await upload.start(file);
    if (media) setValue(media.link);
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-ink-soft">
        {label}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex h-20 w-32 shrink-0 items-center justify-center overflow-hidden rounded-md border border-line-soft bg-surface-muted">
          {value ? (
            <img src={value} alt="" className="h-full w-full object-cover" />
          ) : (
            <span className="text-xs text-ink-faint">No image</span>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <input
            id={id}
            name={name}
            type="text"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            placeholder="/media/… or https://…"
            className={controlClass({ className: "text-sm" })}
          />
          <div className="flex flex-wrap items-center gap-2">
            <label
              className={buttonClass({
                size: "sm",
                className: "cursor-pointer focus-within:ring-2 focus-within:ring-focus",
              })}
            >
              {uploading ? "Uploading…" : "Upload image"}
              <input
                type="file"
                accept={IMAGE_ACCEPT}
                onChange={choose}
                disabled={uploading || !hydrated}
                className="sr-only"
                aria-label={`Upload ${label.toLowerCase()}`}
              />
            </label>
            {value && (
              <Button type="button" onClick={() => setValue("")} variant="ghost" size="sm">
                Remove
              </Button>
            )}
            {hint && <span className="text-xs text-ink-faint">{hint}</span>}
          </div>
          <UploadProgress
            state={upload.state}
            onCancel={upload.cancel}
            onRetry={async () => {
              const media = await upload.retry();
              if (media) setValue(media.link);
            }}
            label={label}
          />
        </div>
      </div>
    </div>
  );
}
