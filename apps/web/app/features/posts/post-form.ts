import type { PostType } from "@camatlas/shared";
import type { PostCreateRequest, PostUpdateRequest } from "@camatlas/shared/api-contract";

// The desk's form as the API's request: the same field names, lists split, empty texts sent as null (cleared).

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/** "Tips, live shows ,tips" → ["Tips", "live shows", "tips"] (the API drops the repeat). */
export function splitList(value: string): string[] {
  return value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

const ids = (values: FormDataEntryValue[]) =>
  values
    .flatMap((value) => String(value).split(","))
    .map((value) => value.trim())
    .filter((value) => /^\d+$/.test(value))
    .map(Number);

export function postFieldsFromForm(form: FormData): PostUpdateRequest {
  const cover = text(form, "image_media_id");
  return {
    post_title: text(form, "post_title"),
    post_name: text(form, "post_name").trim(),
    excerpt: text(form, "excerpt") || null,
    body: text(form, "body"),
    image_media_id: /^\d+$/.test(cover) ? Number(cover) : null,
    tags: splitList(text(form, "tags")),
    models_ids: ids(form.getAll("models_ids")),
    cam_site_ids: ids(form.getAll("cam_site_ids")),
    meta_title: text(form, "meta_title") || null,
    meta_description: text(form, "meta_description") || null,
  };
}

export function postCreateFromForm(form: FormData): PostCreateRequest {
  const fields = postFieldsFromForm(form);
  return {
    ...fields,
    type: text(form, "type") as PostType,
    post_title: fields.post_title ?? "",
    post_name: fields.post_name || undefined,
  };
}

/** A `datetime-local` value read as UTC (the desk says so beside the field), as ISO 8601; null when empty. */
export function utcFromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  return new Date(`${value.length === 16 ? `${value}:00` : value}Z`).toISOString();
}

/** ISO 8601 → the `datetime-local` value of the same UTC minute. */
export function localInputFromUtc(iso: string | null): string {
  return iso ? iso.slice(0, 16) : "";
}
