import { IMAGE_ACCEPT } from "@camatlas/shared";
import { useId, useRef } from "react";
import { FieldError } from "../../components/ui/field-frame.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { UploadedMedia, UploadTarget } from "./upload-file.ts";
import { UploadProgress } from "./upload-progress.tsx";
import { useHoldSubmitWhileUploading } from "./use-hold-submit.ts";
import { useUpload } from "./use-upload.ts";

// One image field for forms that post to a route action. In the browser a chosen file is uploaded at once to
// `target` with a progress bar (percentage, Cancel, Retry) and the stored media's id goes into the hidden
// `mediaName`; the action then only names it. Without JavaScript the file rides with the form as `fileName` and the
// action uploads it itself, as before.

export function UploadField({
  label,
  hint,
  fileName,
  mediaName,
  target,
  accept = IMAGE_ACCEPT,
  required = false,
  error,
  onUploaded,
}: {
  label: string;
  hint?: string;
  /** The file input's name when the form is sent without JavaScript. */
  fileName: string;
  /** The hidden field carrying the uploaded media's id. */
  mediaName: string;
  target: UploadTarget;
  accept?: string;
  required?: boolean;
  error?: string | string[];
  onUploaded?: (media: UploadedMedia) => void;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const upload = useUpload(target);
  const media = upload.state.status === "done" ? upload.state.media : null;
  const input = useRef<HTMLInputElement>(null);
  const uploading = upload.state.status === "uploading";
  useHoldSubmitWhileUploading(input, uploading, media !== null);
  const errors = typeof error === "string" ? [error] : (error ?? []);

  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {hint && <p className="text-xs text-ink-muted">{hint}</p>}
      <input type="hidden" name={mediaName} value={media?.id ?? ""} />
      <input
        ref={input}
        id={id}
        type="file"
        // With JavaScript the file is sent by the upload, not with the form.
        name={hydrated ? undefined : fileName}
        accept={accept}
        required={required && !media}
        aria-invalid={errors.length > 0 || undefined}
        className="block w-full text-sm text-ink-soft file:mr-3 file:rounded-md file:border-0 file:bg-surface-muted file:px-3 file:py-2 file:text-ink"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          if (!hydrated || !file) return;
          const stored = await upload.start(file);
          if (stored) onUploaded?.(stored);
        }}
      />
      <UploadProgress state={upload.state} onCancel={upload.cancel} onRetry={upload.retry} label={label} />
      {errors.map((text) => (
        <FieldError key={text}>{text}</FieldError>
      ))}
    </div>
  );
}
