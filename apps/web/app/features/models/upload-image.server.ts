import type { SingleUploadEndpoint } from "@camatlas/shared/api-contract";
import type { RouterContextProvider } from "react-router";
import { apiContext } from "../../lib/load-context.ts";

/**
 * Sends an uploaded file on to a media endpoint (mediaEndpoints.upload, .avatar, .verificationImage) and returns
 * the media id; an empty file input gives null. Failures throw the API's reply (413, 422) for the error contract.
 */
export async function uploadImage(
  context: Readonly<RouterContextProvider>,
  endpoint: SingleUploadEndpoint,
  file: FormDataEntryValue | null,
): Promise<number | null> {
  if (!(file instanceof File) || file.size === 0) return null;
  const upload = new FormData();
  upload.set("file", file, file.name || "image");
  const media = await context.get(apiContext).call(endpoint, { form: upload });
  return media.id;
}
