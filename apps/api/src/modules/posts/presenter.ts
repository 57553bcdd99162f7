import type { AdminPostListRow, PostDetailRow, PostLinks, PostTeaserRow } from "@camatlas/db";
import { postPath, postState } from "@camatlas/shared";
import type {
  AdminPostListItem,
  AdminPostReply,
  PostReply,
  PostTeaserReply,
} from "@camatlas/shared/api-contract";

// Posts as the API answers them: public fields only, the cover as a public link, the address on the site.

export type PublicUrl = (path: string) => string;

export function presentPostTeaser(row: PostTeaserRow, publicUrl: PublicUrl): PostTeaserReply {
  return {
    id: row.id,
    type: row.type,
    post_title: row.postTitle,
    post_name: row.postName,
    url: postPath(row.type, row.postName),
    excerpt: row.excerpt,
    votes: row.votes,
    image: row.imagePath ? publicUrl(row.imagePath) : null,
    image_blurhash: row.imagePath ? row.imageBlurhash : null,
    image_width: row.imagePath ? row.imageWidth : null,
    image_height: row.imagePath ? row.imageHeight : null,
    published_at: row.status === "published" && row.publishedAt ? row.publishedAt.toISOString() : null,
  };
}

function presentPostBody(row: PostDetailRow, links: PostLinks, publicUrl: PublicUrl, now: Date) {
  return {
    ...presentPostTeaser(row, publicUrl),
    state: postState(row, now),
    body_html: row.body,
    tags: links.tags,
    models: links.models,
    camsites: links.camsites,
    author: row.authorNickName ? { nick_name: row.authorNickName } : null,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentPost(
  row: PostDetailRow,
  links: PostLinks,
  publicUrl: PublicUrl,
  viewer: { myVote: -1 | 0 | 1; canVote: boolean; canEdit: boolean; now: Date },
): PostReply {
  return {
    ...presentPostBody(row, links, publicUrl, viewer.now),
    my_vote: viewer.myVote,
    can: { vote: viewer.canVote, edit: viewer.canEdit },
  };
}

export function presentAdminPost(
  row: PostDetailRow,
  links: PostLinks,
  publicUrl: PublicUrl,
  now: Date,
): AdminPostReply {
  return {
    ...presentPostBody(row, links, publicUrl, now),
    status: row.status,
    body: row.body,
    image_media_id: row.imageMediaId,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentAdminPostListItem(
  row: AdminPostListRow,
  publicUrl: PublicUrl,
  now: Date,
): AdminPostListItem {
  return {
    ...presentPostTeaser(row, publicUrl),
    state: postState(row, now),
    author: row.authorNickName ? { nick_name: row.authorNickName } : null,
    updated_at: row.updatedAt.toISOString(),
  };
}
