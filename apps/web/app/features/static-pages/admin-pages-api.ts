import { MAX_PER_PAGE, type PageNavPlacement } from "@camatlas/shared";
import { type AdminPageReply, type EndpointInput, pageEndpoints } from "@camatlas/shared/api-contract";
import type { ApiClient } from "../../lib/api-client.ts";

/** GET /api/admin/pages: every static page (published or not). */
export async function listAdminPages(api: ApiClient): Promise<AdminPageReply[]> {
  const reply = await api.call(pageEndpoints.adminList, { query: { per_page: MAX_PER_PAGE } });
  return reply.data;
}

/** The request body of POST/PUT /api/admin/pages from the editor's fields. */
export function pageRequestFromForm(form: FormData): EndpointInput<typeof pageEndpoints.create>["body"] {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value.trim() : "";
  };
  return {
    title: text("title"),
    slug: text("slug"),
    body: typeof form.get("body") === "string" ? String(form.get("body")) : "",
    meta_title: text("meta_title") || null,
    meta_description: text("meta_description") || null,
    is_published: form.get("is_published") !== null,
    // A value outside the list or a non-number goes as it is: the API names the field (422).
    nav_placement: (text("nav_placement") || "none") as PageNavPlacement,
    nav_position: text("nav_position") === "" ? 0 : Number(text("nav_position")),
  };
}
