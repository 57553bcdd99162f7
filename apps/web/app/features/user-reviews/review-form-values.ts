import type { UserReviewCreateInput } from "@camatlas/shared/api-contract";

// The write form's fields as the API's body: what the action sends (the API checks everything; nothing is guessed).

const ids = (form: FormData, name: string) =>
  form
    .getAll(name)
    .map((value) => Number(value))
    .filter((value) => Number.isInteger(value) && value > 0);

/** The fields both creating and editing send. */
export function reviewFields(form: FormData): Omit<UserReviewCreateInput, "model_id"> {
  const rating = Number(form.get("rating"));
  const video = Number(form.get("video_media_id"));
  return {
    title: String(form.get("title") ?? ""),
    body: String(form.get("body") ?? ""),
    // 0 when none is chosen: the API answers the rating's own error.
    rating: Number.isInteger(rating) ? rating : 0,
    nickname_ids: ids(form, "nickname_ids"),
    image_media_ids: ids(form, "image_media_ids"),
    video_media_id: Number.isInteger(video) && video > 0 ? video : null,
  };
}

/** What the fan typed, to refill the form after a failure without JavaScript. */
export function reviewValues(form: FormData): Record<string, string> {
  return {
    title: String(form.get("title") ?? ""),
    body: String(form.get("body") ?? ""),
    rating: String(form.get("rating") ?? ""),
    nickname_ids: ids(form, "nickname_ids").join(","),
  };
}
