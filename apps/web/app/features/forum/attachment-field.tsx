import { FORUM_LIMITS } from "@camatlas/shared/forum";
import { IMAGE_UPLOAD } from "../media/upload-file.ts";
import { UploadListField } from "../media/upload-list-field.tsx";

/**
 * Up to five images for a post (jpg, png, webp). In the browser each is uploaded as it is picked (presigned, with
 * the progress bar) and the form names the stored ids (`attachment_ids`); without JavaScript the files ride with the
 * multipart form (`attachments`).
 */
export function AttachmentField({ error }: { error?: string | undefined }) {
  return (
    <UploadListField
      label="Images"
      fileName="attachments"
      mediaName="attachment_ids"
      target={IMAGE_UPLOAD}
      max={FORUM_LIMITS.attachments}
      error={error}
    />
  );
}
