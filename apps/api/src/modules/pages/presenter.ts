import type { StaticPageRow } from "@camatlas/db";
import { productText } from "@camatlas/shared";
import type {
  AdminPageReply,
  ContactAddressReply,
  PublicPageReply,
  SiteNavigationReply,
} from "@camatlas/shared/api-contract";
import { renderMarkdown } from "./markdown.ts";

/**
 * A page as visitors get it: `{product}` filled in, the markdown rendered to safe HTML; the Contact page also carries
 * its addresses (from the `contact` setting).
 */
export function presentPublicPage(
  row: StaticPageRow,
  productName: string,
  contactAddresses?: ContactAddressReply[],
): PublicPageReply {
  const fill = (text: string | null) => (text === null ? null : productText(text, productName));
  return {
    slug: row.slug,
    title: fill(row.title)!,
    body_html: renderMarkdown(fill(row.body)!),
    meta_title: fill(row.metaTitle),
    meta_description: fill(row.metaDescription),
    updated_at: row.updatedAt.toISOString(),
    ...(contactAddresses ? { contact_addresses: contactAddresses } : {}),
  };
}

/** The shell's page links, by place (the rows come in each place's order). */
export function presentSiteNavigation(
  rows: ReadonlyArray<{ slug: string; title: string; placement: string }>,
  productName: string,
): SiteNavigationReply {
  const links = (placement: "header" | "footer") =>
    rows
      .filter((row) => row.placement === placement)
      .map((row) => ({ slug: row.slug, title: productText(row.title, productName) }));
  return { header: links("header"), footer: links("footer") };
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
    nav_placement: row.navPlacement,
    nav_position: row.navPosition,
    created_at: row.createdAt.toISOString(),
  };
}
