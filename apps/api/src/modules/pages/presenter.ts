import type { StaticPageRow } from "@camatlas/db";
import { productText } from "@camatlas/shared";
import type { AdminPageReply, PublicPageReply } from "@camatlas/shared/api-contract";
import { renderMarkdown } from "./markdown.ts";

/** A page as visitors get it: `{product}` filled in, the markdown rendered to safe HTML. */
export function presentPublicPage(row: StaticPageRow, productName: string): PublicPageReply {
  const fill = (text: string | null) => (text === null ? null : productText(text, productName));
  return {
    slug: row.slug,
    title: fill(row.title)!,
    body_html: renderMarkdown(fill(row.body)!),
    meta_title: fill(row.metaTitle),
    meta_description: fill(row.metaDescription),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The admin's view: the raw texts to edit, plus the rendered preview. */
export function presentAdminPage(row: StaticPageRow, productName: string): AdminPageReply {
  return {
    ...presentPublicPage(row, productName),
    id: row.id,
    title: row.title,
    body: row.body,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    is_published: row.isPublished,
    created_at: row.createdAt.toISOString(),
  };
}
