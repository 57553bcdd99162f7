import type { RouterContextProvider } from "react-router";
import { ApiResponseError } from "../../lib/api-client.ts";
import { apiCall } from "../../lib/session/api-response.ts";

/**
 * Sends an uploaded file on to a media endpoint (POST /media/avatar, /media/verification-image) and returns the
 * media id; an empty file input gives null. Failures throw the API's reply (413, 422) for the error contract.
 */
export async function uploadImage(
  context: Readonly<RouterContextProvider>,
  path: "/media" | "/media/avatar" | "/media/verification-image",
  file: FormDataEntryValue | null,
): Promise<number | null> {
  if (!(file instanceof File) || file.size === 0) return null;
  const upload = new FormData();
  upload.set("file", file, file.name || "image");
  const reply = await apiCall<{ id: number }>(context, "POST", path, { body: upload });
  if (!reply.ok) throw new ApiResponseError(reply.status, reply.body);
  return reply.body.id;
}
