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

/**
 * The image of a form with an UploadField (features/media/upload-field.tsx): the id the browser's upload put in
 * `mediaName`, or — sent without JavaScript — the file in `fileName`, uploaded here. The API checks that the id is
 * the caller's own upload of a fitting kind wherever it is used. Null when neither was given.
 */
export async function imageOfForm(
  context: Readonly<RouterContextProvider>,
  endpoint: SingleUploadEndpoint,
  form: FormData,
  names: { fileName: string; mediaName: string },
): Promise<number | null> {
  const id = Number(form.get(names.mediaName) ?? "");
  if (Number.isInteger(id) && id > 0) return id;
  return uploadImage(context, endpoint, form.get(names.fileName));
}
