import { IMAGE_ACCEPT } from "@camatlas/shared";
import { FORUM_LIMITS } from "@camatlas/shared/forum";
import { useId } from "react";
import { FieldError } from "../../components/ui/field-frame.tsx";

/** Up to five images for a post (jpg, png, webp); the form must be multipart. */
export function AttachmentField({ error }: { error?: string | undefined }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        Images{" "}
        <span className="font-normal text-ink-muted">(optional, up to {FORUM_LIMITS.attachments})</span>
      </label>
      <input
        id={id}
        type="file"
        name="attachments"
        multiple
        accept={IMAGE_ACCEPT}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full text-sm text-ink-muted file:mr-3 file:rounded file:border file:border-line file:bg-surface file:px-3 file:py-1.5 file:text-ink"
      />
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
