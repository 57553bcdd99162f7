import { mediaEndpoints } from "@camatlas/shared/api-contract";
import { FORUM_LIMITS, FORUM_MESSAGES } from "@camatlas/shared/forum";
import type { RouterContextProvider } from "react-router";
import { uploadImage } from "../models/upload-image.server.ts";

/**
 * The images a new-topic or reply form carries: the ids the browser already uploaded (`attachment_ids`, see
 * AttachmentField) and, sent without JavaScript, the files themselves (`attachments`, a multiple file input), each
 * stored here as the member's own upload. Their ids go into the post's media_ids, where the API checks each is the
 * member's own finished upload. Too many answers as the field's 422 would.
 */
export async function uploadAttachments(
  context: Readonly<RouterContextProvider>,
  form: FormData,
): Promise<{ ids: number[] } | { error: string }> {
  const uploaded = form
    .getAll("attachment_ids")
    .map((value) => Number(value))
    .filter((id) => Number.isInteger(id) && id > 0);
  const files = form.getAll("attachments").filter((file) => file instanceof File && file.size > 0);
  if (uploaded.length + files.length > FORUM_LIMITS.attachments)
    return { error: FORUM_MESSAGES.tooManyAttachments };
  const ids = [...uploaded];
  for (const file of files) {
    const id = await uploadImage(context, mediaEndpoints.upload, file);
    if (id !== null) ids.push(id);
  }
  return { ids };
}
