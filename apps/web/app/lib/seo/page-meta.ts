import type { MetaDescriptor } from "react-router";

// Per-page SEO tags (issue 3 item 9): title, description, canonical link, Open Graph, robots.

export interface SiteInfo {
  productName: string;
  publicUrl: string;
}

export interface PageSeo {
  /** The page's own title; the product name is appended unless it is the title already. */
  title: string;
  description?: string | null;
  /** Path of the canonical page; defaults to the requested path (query and hash dropped). */
  path: string;
  image?: string | null;
  type?: "website" | "article" | "profile";
  noindex?: boolean;
}

/** Spec §2: pages whose URL contains /stats/ are marked no-index. */
export function isNoindexPath(pathname: string): boolean {
  return pathname.includes("/stats/");
}

/** Models whose `is_indexed_search_robots` is false are kept out of search engines. */
export function isModelIndexable(model: { is_indexed_search_robots?: boolean | null }): boolean {
  return model.is_indexed_search_robots !== false;
}

export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, `${publicUrl.replace(/\/+$/, "")}/`).toString();
}

export function fullTitle(title: string, productName: string): string {
  if (!title || title === productName) return productName;
  return `${title} | ${productName}`;
}

/** The tags of one page. */
export function pageMeta(site: SiteInfo, page: PageSeo): MetaDescriptor[] {
  const title = fullTitle(page.title, site.productName);
  const url = absoluteUrl(site.publicUrl, page.path);
  const tags: MetaDescriptor[] = [
    { title },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.productName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:url", content: url },
    { name: "twitter:card", content: page.image ? "summary_large_image" : "summary" },
  ];
  if (page.description) {
    tags.push(
      { name: "description", content: page.description },
      { property: "og:description", content: page.description },
    );
  }
  if (page.image) tags.push({ property: "og:image", content: absoluteUrl(site.publicUrl, page.image) });
  // /stats/ addresses get their noindex from the root layout (RobotsMeta), whatever the route's meta says.
  if (page.noindex && !isNoindexPath(page.path)) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

interface MetaArgsLike {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
}

/** Site name and address from the root loader, for meta functions. */
export function siteInfo(args: MetaArgsLike): SiteInfo {
  const root = args.matches.find((match) => match?.id === "root")?.loaderData as
    | Partial<SiteInfo>
    | undefined;
  return { productName: root?.productName ?? "", publicUrl: root?.publicUrl ?? "http://localhost" };
}

/** The helper route modules call from `meta`: `seo(args, { title, description })`. */
export function seo(args: MetaArgsLike, page: Omit<PageSeo, "path"> & { path?: string }): MetaDescriptor[] {
  return pageMeta(siteInfo(args), { ...page, path: page.path ?? args.location.pathname });
}
