import { type Database, findMediaOwnership, type MediaKind } from "@camatlas/db";
import { DIRECT_UPLOAD_MESSAGES, ROLE, VALIDATION_MESSAGES } from "@camatlas/shared";

/**
 * The one rule for a request that names a media row (`avatar_media_id`, `media_id`, `logo_media_id`, lists of
 * them, in any endpoint): the row exists, it is of a kind that fits what the request does with it, and it belongs
 * to the caller — or, where an admin-only use allows it, to anyone. Otherwise the field answers 422 with
 * "This image does not exist or is not yours." (the same text whether it is missing or someone else's, so ids
 * cannot be probed). Media ids are sequential: without this, any signed-in user could publish another user's file.
 */
export type MediaUse =
  /** The caller's own avatar (PUT /profile). */
  | "user_avatar"
  /** A model's avatar: created, proposed (an edit revision) or set by an admin. */
  | "model_avatar"
  /** The photo of a verification claim: private, never shown outside the admins' queue. */
  | "verification"
  /** A camsite's logo (admins). */
  | "camsite_logo"
  /** A featured model's picture (admins). */
  | "featured_picture"
  /** An image attached to a forum post (its author's own upload). */
  | "forum_attachment"
  /** A story's image or video (the model's camgirl or an admin, her own upload). */
  | "story"
  /** A user review's image or video (its author's own upload; the review checks the media type itself). */
  | "user_review"
  /** A post's cover: an editorial review, blog post or news item (admins). */
  | "post_cover"
  /** An image attached to a comment: the caller's own, uploaded for comments or as a plain picture. */
  | "comment_attachment";

interface UseRule {
  kinds: readonly MediaKind[];
  /** Admins may name media someone else uploaded (e.g. a picture another admin prepared). */
  adminsMayUseAnyones: boolean;
}

/** Which kinds each use takes. A private kind (verification_image) fits only its own use, so it never goes public. */
export const MEDIA_USES: Readonly<Record<MediaUse, UseRule>> = {
  user_avatar: { kinds: ["avatar", "other"], adminsMayUseAnyones: false },
  model_avatar: { kinds: ["avatar", "other"], adminsMayUseAnyones: true },
  verification: { kinds: ["verification_image"], adminsMayUseAnyones: false },
  camsite_logo: { kinds: ["camsite_logo", "other"], adminsMayUseAnyones: true },
  featured_picture: { kinds: ["featured_model", "other"], adminsMayUseAnyones: true },
  forum_attachment: { kinds: ["other", "comment_attachment"], adminsMayUseAnyones: false },
  // Videos come through the story or review upload (both queue processing); images through any public upload.
  story: { kinds: ["story", "other", "user_review"], adminsMayUseAnyones: false },
  user_review: { kinds: ["user_review", "other"], adminsMayUseAnyones: false },
  post_cover: { kinds: ["other"], adminsMayUseAnyones: true },
  comment_attachment: { kinds: ["comment_attachment", "other"], adminsMayUseAnyones: false },
};

/** Statuses of a presigned upload not yet received and checked: no request may use such a row. */
export const UNFINISHED_UPLOAD_STATUSES: readonly string[] = ["Uploading", "Receiving"];

/** Kinds whose files are never served publicly (see media/storage.ts: their keys live under `private/`). */
export const PRIVATE_MEDIA_KINDS: readonly MediaKind[] = ["verification_image"];

export interface MediaCaller {
  id: number;
  roleId: number;
}

/**
 * Why a media row may not be used, or null when it may: "missing" (no such row, or someone else's — answered
 * alike) or "kind" (the caller's own file of a kind that does not fit). Files without an owner are the site's
 * own (demo avatars, reference logos): public, so anyone may name them for a public use.
 */
export function mediaReferenceProblem(
  row: { userId: number | null; kind: MediaKind; processingStatus?: string | null } | null,
  use: MediaUse,
  caller: MediaCaller,
): "missing" | "kind" | "unfinished" | null {
  if (!row) return "missing";
  const rule = MEDIA_USES[use];
  const mine = row.userId === caller.id;
  const sitesOwn = row.userId === null && !PRIVATE_MEDIA_KINDS.includes(row.kind);
  const adminsPick = rule.adminsMayUseAnyones && caller.roleId === ROLE.admin;
  if (!mine && !sitesOwn && !adminsPick) return "missing";
  if (!rule.kinds.includes(row.kind)) return mine ? "kind" : "missing";
  // A presigned upload whose file the site has not received and checked yet (POST /media/{id}/complete).
  if (row.processingStatus != null && UNFINISHED_UPLOAD_STATUSES.includes(row.processingStatus))
    return mine ? "unfinished" : "missing";
  return null;
}

/** A media field of a request: its field name for the 422, the id (null/undefined: nothing to check) and its use. */
export interface MediaReference {
  field: string;
  id: number | null | undefined;
  use: MediaUse;
  /** The text for the caller's own file of the wrong kind; the standard text when absent. */
  wrongKindMessage?: string;
}

/** The 422 field errors of a request's media references (empty when all may be used). */
export async function mediaReferenceErrors(
  db: Database,
  caller: MediaCaller,
  references: readonly MediaReference[],
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  for (const reference of references) {
    if (reference.id == null) continue;
    const problem = mediaReferenceProblem(await findMediaOwnership(db, reference.id), reference.use, caller);
    if (problem === "kind" && reference.wrongKindMessage)
      errors[reference.field] = [reference.wrongKindMessage];
    else if (problem === "unfinished") errors[reference.field] = [DIRECT_UPLOAD_MESSAGES.notFinished];
    else if (problem) errors[reference.field] = [VALIDATION_MESSAGES.mediaNotFound];
  }
  return errors;
}
