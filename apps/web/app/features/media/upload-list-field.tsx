import { IMAGE_ACCEPT } from "@camatlas/shared";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { FieldError } from "../../components/ui/field-frame.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { UploadedMedia, UploadTarget } from "./upload-file.ts";
import { UploadProgress } from "./upload-progress.tsx";
import { useHoldSubmitWhileUploading } from "./use-hold-submit.ts";
import { useUpload } from "./use-upload.ts";

// Several images for a form that posts to a route action (forum posts). In the browser each picked image is uploaded
// at once, one at a time, with the progress bar (percentage, Cancel, Retry); the stored ones show as thumbnails and
// their ids go into hidden `mediaName` fields, so the action only names them. Without JavaScript the files ride with
// the form as `fileName` (the form is multipart) and the action uploads them itself.

export function UploadListField({
  label,
  hint,
  fileName,
  mediaName,
  target,
  max,
  accept = IMAGE_ACCEPT,
  error,
}: {
  label: string;
  hint?: string;
  /** The multiple file input's name when the form is sent without JavaScript. */
  fileName: string;
  /** The hidden fields carrying the uploaded media's ids (one per image). */
  mediaName: string;
  target: UploadTarget;
  max: number;
  accept?: string;
  error?: string | undefined;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const upload = useUpload(target);
  const [images, setImages] = useState<UploadedMedia[]>([]);
  const input = useRef<HTMLInputElement>(null);
  // The whole batch of picked files, not one file: a form sent meanwhile goes once the last one is stored.
  const [batch, setBatch] = useState<"idle" | "running" | "stopped">("idle");
  const uploading = batch === "running" || upload.state.status === "uploading";
  useHoldSubmitWhileUploading(input, uploading, batch !== "stopped");

  // A post that went through moves to another address (its own post's anchor): the list starts empty there, as a
  // new form's would. A refused one comes back to the same address and keeps the images.
  const { pathname, search, hash } = useLocation();
  const address = `${pathname}${search}${hash}`;
  const shownAt = useRef(address);
  const reset = upload.reset;
  useEffect(() => {
    if (shownAt.current === address) return;
    shownAt.current = address;
    setImages([]);
    reset();
  }, [address, reset]);

  const add = (media: UploadedMedia | null) => {
    if (media) setImages((current) => [...current, media].slice(0, max));
    return media;
  };
  // One image at a time; a failed or cancelled one stops the rest (Retry sends it again).
  async function uploadAll(files: File[]) {
    setBatch("running");
    for (const file of files.slice(0, max - images.length))
      if (!add(await upload.start(file))) return setBatch("stopped");
    setBatch("idle");
  }

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label} <span className="font-normal text-ink-muted">(optional, up to {max})</span>
      </label>
      {hint && <p className="text-xs text-ink-muted">{hint}</p>}
      {images.map((image) => (
        <input key={image.id} type="hidden" name={mediaName} value={image.id} />
      ))}
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`${label}: uploaded`}>
          {images.map((image, i) => (
            <li key={image.id} className="relative">
              <img
                src={image.link}
                alt={`Attachment ${i + 1}`}
                width={64}
                height={64}
                className="size-16 rounded-md object-cover ring-1 ring-line"
              />
              <button
                type="button"
                onClick={() => setImages((current) => current.filter((m) => m.id !== image.id))}
                className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-surface-raised text-xs text-ink ring-1 ring-line"
                aria-label={`Remove attachment ${i + 1}`}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={id}
        type="file"
        // With JavaScript the files are sent by the upload, not with the form.
        name={hydrated ? undefined : fileName}
        multiple
        accept={accept}
        disabled={hydrated && (uploading || images.length >= max)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full text-sm text-ink-muted file:mr-3 file:rounded file:border file:border-line file:bg-surface file:px-3 file:py-1.5 file:text-ink"
        onChange={(event) => {
          if (!hydrated) return;
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = "";
          void uploadAll(files);
        }}
      />
      <UploadProgress
        state={upload.state}
        onCancel={upload.cancel}
        onRetry={async () => {
          setBatch(add(await upload.retry()) ? "idle" : "stopped");
        }}
        label={label}
      />
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
