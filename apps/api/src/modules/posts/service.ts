import {
  type Database,
  existingCamSiteIds,
  findPostById,
  findPostIdByName,
  findPostLinks,
  findPostModelOwners,
  insertPost,
  notifyUser,
  type PostDetailRow,
  postableModelIds,
  recordPostRename,
  replacePostLinks,
  setPostVote,
  softDeletePost,
  updatePost,
} from "@camatlas/db";
import {
  POST_MESSAGES,
  type PostType,
  postNameFromTitle,
  postPath,
  postState,
  VALIDATION_MESSAGES,
} from "@camatlas/shared";
import type {
  AdminPostReply,
  postCreateRequestSchema,
  postUpdateRequestSchema,
} from "@camatlas/shared/api-contract";
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { currentUser } from "../../lib/current-user.ts";
import { uniqueViolationOf } from "../../lib/db-errors.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";
import { mediaReferenceErrors } from "../../lib/media-reference.ts";
import { viewerOf } from "../models/viewer.ts";
import { presentAdminPost } from "./presenter.ts";
import { postHtmlText, sanitizePostHtml } from "./sanitize-post-html.ts";

// The desk's writes: each one transaction with its checks, its links and (for what changes who sees a post) its
// audit row. Bodies are sanitized here, whatever the editor sent.

type CreateBody = z.output<typeof postCreateRequestSchema>;
type UpdateBody = z.output<typeof postUpdateRequestSchema>;

/** How far in the past a publish time may lie (a form filled in a minute ago), as for stories. */
const PUBLISH_AT_GRACE_MS = 60_000;

const nameTaken = () => validationFailed({ post_name: [POST_MESSAGES.postNameTaken] });

function nameTakenOnConflict(error: unknown): never {
  if (uniqueViolationOf(error) !== null) throw nameTaken();
  throw error;
}

/** The post's reply as the desk sees it, read inside the transaction that wrote it. */
export async function adminPostReply(c: Context<AppEnv>, db: Database, id: number): Promise<AdminPostReply> {
  const row = await findPostById(db, id);
  if (!row) throw notFound();
  const links = await findPostLinks(db, id, viewerOf(c));
  return presentAdminPost(row, links, c.var.deps.storage.publicUrl, new Date());
}

/** 422s of the references a body names: its cover (the caller's upload, or any public one for admins), models, camsites. */
async function referenceErrors(
  c: Context<AppEnv>,
  db: Database,
  body: { image_media_id?: number | null; models_ids?: number[]; cam_site_ids?: number[] },
): Promise<Record<string, string[]>> {
  const user = currentUser(c);
  const errors = await mediaReferenceErrors(db, user, [
    { field: "image_media_id", id: body.image_media_id, use: "post_cover" },
  ]);
  if (body.models_ids?.length) {
    const visible = new Set(await postableModelIds(db, body.models_ids, viewerOf(c)));
    if (body.models_ids.some((id) => !visible.has(id))) errors.models_ids = [VALIDATION_MESSAGES.invalidId];
  }
  if (body.cam_site_ids?.length) {
    const known = new Set(await existingCamSiteIds(db, body.cam_site_ids));
    if (body.cam_site_ids.some((id) => !known.has(id))) errors.cam_site_ids = [POST_MESSAGES.unknownCamsite];
  }
  return errors;
}

/** The name to use: the one given, or one made from the title (a number added while it is taken). */
async function chooseName(
  db: Database,
  type: PostType,
  given: string | undefined,
  title: string,
): Promise<string> {
  if (given) {
    if ((await findPostIdByName(db, type, given)) !== null) throw nameTaken();
    return given;
  }
  const base = postNameFromTitle(title) || type;
  for (let n = 1; n < 50; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 190)}-${n}`;
    if ((await findPostIdByName(db, type, candidate)) === null) return candidate;
  }
  throw nameTaken();
}

export function createPost(c: Context<AppEnv>, body: CreateBody): Promise<AdminPostReply> {
  const user = currentUser(c);
  return c.var.deps.db
    .transaction(async (tx) => {
      const errors = await referenceErrors(c, tx, body);
      if (Object.keys(errors).length) throw validationFailed(errors);
      const postName = await chooseName(tx, body.type, body.post_name || undefined, body.post_title);
      const id = await insertPost(tx, {
        type: body.type,
        postName,
        postTitle: body.post_title,
        excerpt: body.excerpt,
        body: sanitizePostHtml(body.body),
        imageMediaId: body.image_media_id ?? null,
        metaTitle: body.meta_title,
        metaDescription: body.meta_description,
        authorId: user.id,
        status: "draft",
      });
      await replacePostLinks(tx, id, {
        tags: body.tags,
        modelIds: body.models_ids,
        camSiteIds: body.cam_site_ids,
      });
      await audit(c, tx, {
        action: "post.created",
        subjectType: "post",
        subjectId: id,
        changes: { type: body.type, post_name: postName },
      });
      return adminPostReply(c, tx, id);
    })
    .catch(nameTakenOnConflict);
}

export function editPost(c: Context<AppEnv>, id: number, body: UpdateBody): Promise<AdminPostReply> {
  return c.var.deps.db
    .transaction(async (tx) => {
      const current = await findPostById(tx, id);
      if (!current) throw notFound();
      const errors = await referenceErrors(c, tx, body);
      if (Object.keys(errors).length) throw validationFailed(errors);
      const rename = body.post_name && body.post_name !== current.postName ? body.post_name : null;
      if (rename && (await findPostIdByName(tx, current.type, rename)) !== null) throw nameTaken();
      await updatePost(tx, id, {
        ...(rename ? { postName: rename } : {}),
        ...(body.post_title !== undefined ? { postTitle: body.post_title } : {}),
        ...(body.excerpt !== undefined ? { excerpt: body.excerpt } : {}),
        ...(body.body !== undefined ? { body: sanitizePostHtml(body.body) } : {}),
        ...(body.image_media_id !== undefined ? { imageMediaId: body.image_media_id } : {}),
        ...(body.meta_title !== undefined ? { metaTitle: body.meta_title } : {}),
        ...(body.meta_description !== undefined ? { metaDescription: body.meta_description } : {}),
        updatedAt: new Date(),
      });
      if (rename) await recordPostRename(tx, id, current.type, current.postName, rename);
      await replacePostLinks(tx, id, {
        tags: body.tags,
        modelIds: body.models_ids,
        camSiteIds: body.cam_site_ids,
      });
      // A live post's address is part of what visitors see: its change is recorded like its visibility.
      if (rename)
        await audit(c, tx, {
          action: "post.renamed",
          subjectType: "post",
          subjectId: id,
          changes: { from: current.postName, to: rename },
        });
      return adminPostReply(c, tx, id);
    })
    .catch(nameTakenOnConflict);
}

const KIND_WORDS: Record<PostType, string> = { review: "review", blog: "blog post", news: "news item" };

/** Tells the camgirl bound to each model the post is about that it is out, or when it will be (one notice each). */
async function notifyModelOwners(db: Database, post: PostDetailRow, at: Date, now: Date): Promise<void> {
  const scheduled = at > now;
  for (const { userId, model } of await findPostModelOwners(db, post.id)) {
    const text = (scheduled ? POST_MESSAGES.notifyScheduled : POST_MESSAGES.notifyPublished)
      .replace("{kind}", KIND_WORDS[post.type])
      .replace("{model}", model.name)
      .replace("{date}", `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`);
    await notifyUser(db, userId, "post_published", {
      text,
      title: post.postTitle,
      models_ids: [model.id],
      models: [model],
      url: postPath(post.type, post.postName),
    });
  }
}

/** Publishes now, or schedules for `publishAt`; a post without a body cannot go out. */
export function publishPost(
  c: Context<AppEnv>,
  id: number,
  publishAt: string | null,
): Promise<AdminPostReply> {
  const now = new Date();
  const at = publishAt ? new Date(publishAt) : now;
  if (at.getTime() < now.getTime() - PUBLISH_AT_GRACE_MS)
    throw validationFailed({ publish_at: [POST_MESSAGES.publishAtTooEarly] });
  return c.var.deps.db.transaction(async (tx) => {
    const current = await findPostById(tx, id);
    if (!current) throw notFound();
    if (postHtmlText(current.body) === "" && !/<img/i.test(current.body))
      throw validationFailed({ body: [POST_MESSAGES.emptyBody] });
    await updatePost(tx, id, { status: "published", publishedAt: at, updatedAt: now });
    // Going out (not a new time for a post already out or scheduled): her camgirl hears about it.
    if (postState(current, now) === "draft") await notifyModelOwners(tx, current, at, now);
    await audit(c, tx, {
      action: at > now ? "post.scheduled" : "post.published",
      subjectType: "post",
      subjectId: id,
      changes: { from: postState(current, now), publish_at: at.toISOString() },
    });
    return adminPostReply(c, tx, id);
  });
}

export function unpublishPost(c: Context<AppEnv>, id: number): Promise<AdminPostReply> {
  const now = new Date();
  return c.var.deps.db.transaction(async (tx) => {
    const current = await findPostById(tx, id);
    if (!current) throw notFound();
    await updatePost(tx, id, { status: "draft", updatedAt: now });
    await audit(c, tx, {
      action: "post.unpublished",
      subjectType: "post",
      subjectId: id,
      changes: { from: postState(current, now) },
    });
    return adminPostReply(c, tx, id);
  });
}

export async function deletePost(c: Context<AppEnv>, id: number): Promise<void> {
  const now = new Date();
  await c.var.deps.db.transaction(async (tx) => {
    const current = await findPostById(tx, id);
    if (!current) throw notFound();
    await softDeletePost(tx, id, now);
    await audit(c, tx, {
      action: "post.deleted",
      subjectType: "post",
      subjectId: id,
      changes: { type: current.type, post_name: current.postName, state: postState(current, now) },
    });
  });
}

/** Sets the caller's vote on a live post: 404 for one that is not (yet) public. */
export async function votePost(
  c: Context<AppEnv>,
  id: number,
  value: -1 | 0 | 1,
  isLive: (row: PostDetailRow) => boolean,
): Promise<{ votes: number; myVote: -1 | 0 | 1 }> {
  const user = currentUser(c);
  return c.var.deps.db.transaction(async (tx) => {
    const post = await findPostById(tx, id);
    if (!post || !isLive(post)) throw notFound();
    const votes = await setPostVote(tx, id, user.id, value);
    return { votes, myVote: value };
  });
}
