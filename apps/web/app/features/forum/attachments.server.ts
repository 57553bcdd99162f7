import { mediaEndpoints } from "@camatlas/shared/api-contract";
import { FORUM_LIMITS, FORUM_MESSAGES } from "@camatlas/shared/forum";
import type { RouterContextProvider } from "react-router";
import { uploadImage } from "../models/upload-image.server.ts";

/**
 * The images a new-topic or reply form carries (`attachments`, a multiple file input): each stored as the
 * member's own upload, their ids for the post's media_ids. Too many answers as the field's 422 would.
 */
export async function uploadAttachments(
  context: Readonly<RouterContextProvider>,
  form: FormData,
): Promise<{ ids: number[] } | { error: string }> {
  const files = form.getAll("attachments").filter((file) => file instanceof File && file.size > 0);
  if (files.length > FORUM_LIMITS.attachments) return { error: FORUM_MESSAGES.tooManyAttachments };
  const ids: number[] = [];
  for (const file of files) {
    const id = await uploadImage(context, mediaEndpoints.upload, file);
    if (id !== null) ids.push(id);
  }
  return { ids };
}
