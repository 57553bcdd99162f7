import type { PostType } from "@camatlas/shared";
import type { MetaDescriptor } from "react-router";
import { seo } from "../../lib/seo/page-meta.ts";
import { POST_KINDS, postFeedPath } from "./post-kinds.ts";
import type { PostListData } from "./post-list-page.tsx";

type MetaArgs = Parameters<typeof seo>[0] & { loaderData?: PostListData };

/** The list pages' meta: title, canonical page (a tag's list is its own), and the kind's RSS and Atom feeds. */
export function postListMeta(args: MetaArgs, type: PostType): MetaDescriptor[] {
  const kind = POST_KINDS[type];
  const data = args.loaderData;
  const title = data?.tag ? `${kind.title}: ${data.tag}` : kind.title;
  const pageSuffix = data && data.page > 1 ? ` – page ${data.page}` : "";
  return [
    ...seo(args, { title: `${title}${pageSuffix}`, description: kind.lead, path: kind.listPath }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${kind.title} (RSS)`,
      href: postFeedPath(type),
    },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: `${kind.title} (Atom)`,
      href: postFeedPath(type, "atom"),
    },
  ];
}
