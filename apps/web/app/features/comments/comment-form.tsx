import { COMMENT_LIMITS, type CommentZone, IMAGE_ACCEPT, TEXT_LIMITS } from "@camatlas/shared";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { buttonClass } from "../../components/ui/button.tsx";
import { FieldError } from "../../components/ui/field-frame.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { fieldError, type IntentResult } from "../../lib/errors/index.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { IMAGE_UPLOAD, type UploadedMedia } from "../media/upload-file.ts";
import { UploadProgress } from "../media/upload-progress.tsx";
import { useUpload } from "../media/use-upload.ts";
import { COMMENT_ACTIONS_PATH, returnField } from "./comment-paths.ts";

// Writing a comment or a reply: the text (links and @mentions allowed, no HTML) and up to 4 images, uploaded as soon
// as they are picked. Posted without a full reload; the page's comments are read again after it.

export function CommentForm({
  zone,
  commentableId,
  inReplyTo,
  label,
  onDone,
}: {
  zone: CommentZone;
  commentableId: number;
  inReplyTo?: number;
  label: string;
  onDone?: () => void;
}) {
  const fetcher = useFetcher<IntentResult>();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const [images, setImages] = useState<{ id: number; link: string }[]>([]);
  // Each picked image is stored as the commenter's own picture (presigned), which comments take as attachments.
  const attachment = useUpload(IMAGE_UPLOAD);
  const uploading = attachment.state.status === "uploading";
  const hydrated = useHydrated();
  const fileId = useId();
  const intent = inReplyTo ? `reply-${inReplyTo}` : "post";
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  // A posted comment empties the form (once per reply from the server).
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !result?.ok || handled.current === result) return;
    handled.current = result;
    formRef.current?.reset();
    setImages([]);
    attachment.reset();
    onDone?.();
  }, [fetcher.state, result, onDone, attachment.reset]);

  const attach = (media: UploadedMedia | null) => {
    if (media)
      setImages((current) =>
        [...current, { id: media.id, link: media.link }].slice(0, COMMENT_LIMITS.attachments),
      );
    return media;
  };

  // One image at a time, each with the progress bar; a failed or cancelled one stops the rest (Retry resends it).
  async function upload(files: FileList | null) {
    if (!files || files.length === 0) return;
    const room = COMMENT_LIMITS.attachments - images.length;
    for (const file of [...files].slice(0, room)) if (!attach(await attachment.start(file))) return;
  }

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={COMMENT_ACTIONS_PATH}
      encType="application/x-www-form-urlencoded"
      className="space-y-3"
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="comment_zone" value={zone} />
      <input type="hidden" name="commentable_id" value={commentableId} />
      {inReplyTo && <input type="hidden" name="in_reply_to" value={inReplyTo} />}
      <input type="hidden" name="redirect_to" value={returnField(location)} />
      {images.map((image) => (
        <input key={image.id} type="hidden" name="media_ids" value={image.id} />
      ))}
      <TextField
        multiline
        name="text"
        label={label}
        rows={inReplyTo ? 2 : 3}
        required
        maxLength={TEXT_LIMITS.comment}
        hint="Links and @model-name mentions work; HTML shows as text."
        error={fieldError(result, intent, "text", "commentable_id", "in_reply_to", "comment_zone")}
      />
      {hydrated && (
        <div className="space-y-2">
          {images.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label="Images to attach">
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
          {images.length < COMMENT_LIMITS.attachments && (
            <label
              htmlFor={fileId}
              className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-md px-2 text-sm text-accent hover:bg-surface-muted"
            >
              {uploading ? "Uploading…" : `Attach images (up to ${COMMENT_LIMITS.attachments})`}
              <input
                id={fileId}
                type="file"
                accept={IMAGE_ACCEPT}
                multiple
                className="sr-only"
                disabled={uploading}
                onChange={(event) => {
                  void upload(event.currentTarget.files);
                  event.currentTarget.value = "";
                }}
              />
            </label>
          )}
          <UploadProgress
            state={attachment.state}
            onCancel={attachment.cancel}
            onRetry={async () => {
              attach(await attachment.retry());
            }}
            label="Image upload"
          />
          {fieldError(result, intent, "media_ids") && (
            <FieldError>{fieldError(result, intent, "media_ids")}</FieldError>
          )}
        </div>
      )}
      <div className="flex items-center gap-3">
        <button
          type="submit"
          disabled={uploading || fetcher.state !== "idle"}
          className={buttonClass({ size: "sm" })}
        >
          {fetcher.state !== "idle" ? "Posting…" : inReplyTo ? "Reply" : "Post comment"}
        </button>
        {result && !result.ok && result.message && (
          <p role="alert" className="text-sm text-danger">
            {result.message}
          </p>
        )}
      </div>
    </fetcher.Form>
  );
}
