import { IMAGE_ACCEPT } from "@camatlas/shared";
import { mediaEndpoints } from "@camatlas/shared/api-contract";
import { useId, useState } from "react";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { controlClass } from "../../components/ui/field-frame.tsx";
import { browserCall, handleClientError } from "../../lib/errors/browser-api.ts";

/**
 * An image setting: the link is what gets saved; uploading a file (POST /api/media) fills it in. A failed upload
 * shows the error contract's snackbar.
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
  const [uploading, setUploading] = useState(false);

  async function upload(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const body = new FormData();
    body.append("file", file);
    setUploading(true);
    try {
      const media = await browserCall(mediaEndpoints.upload, { form: body });
      setValue(media.link);
    } catch (error) {
      handleClientError(error);
    } finally {
      setUploading(false);
    }
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
                onChange={upload}
                disabled={uploading}
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
        </div>
      </div>
    </div>
  );
}
