import { IMAGE_ACCEPT } from "@camatlas/shared";
import { useId, useState } from "react";
import { browserApi, handleClientError } from "../../lib/errors/browser-api.ts";

interface UploadedMedia {
  id: number;
  link: string;
}

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
      const media = await browserApi<UploadedMedia>("/media", { method: "POST", body });
      setValue(media.link);
    } catch (error) {
      handleClientError(error);
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-neutral-800">
        {label}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex h-20 w-32 shrink-0 items-center justify-center overflow-hidden rounded-md border border-neutral-200 bg-neutral-100">
          {value ? (
            <img src={value} alt="" className="h-full w-full object-cover" />
          ) : (
            <span className="text-xs text-neutral-500">No image</span>
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
            className="block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-500"
          />
          <div className="flex flex-wrap items-center gap-2">
            <label className="cursor-pointer rounded-md bg-neutral-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-neutral-800 focus-within:ring-2 focus-within:ring-brand-500">
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
              <button
                type="button"
                onClick={() => setValue("")}
                className="rounded-md px-3 py-1.5 text-sm text-neutral-700 hover:bg-neutral-200"
              >
                Remove
              </button>
            )}
            {hint && <span className="text-xs text-neutral-500">{hint}</span>}
          </div>
        </div>
      </div>
    </div>
  );
}
