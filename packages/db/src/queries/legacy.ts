import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { camSites } from "../schema/camsites.ts";
import { comments } from "../schema/comments.ts";
import { forumTopics } from "../schema/forum.ts";
import { models, nicknames } from "../schema/models.ts";
import { posts } from "../schema/posts.ts";
import { imageRecords } from "../schema/stats.ts";
import { stories } from "../schema/stories.ts";
import { users } from "../schema/users.ts";
import { type ModelViewer, modelPageVisibleTo } from "./model-visibility.ts";

// Lookups behind the legacy addresses of spec §2 (camsites/visit/…, comment/read/…, pic/…): each finds what the
// canonical page needs, or null.

export async function findCamsiteSlugById(db: Database, id: number): Promise<string | null> {
  const [row] = await db
    .select({ slug: camSites.slug })
    .from(camSites)
    .where(and(eq(camSites.id, id), isNull(camSites.deletedAt)));
  return row?.slug ?? null;
}

export async function findCamsiteIdBySlug(db: Database, slug: string): Promise<number | null> {
  const [row] = await db
    .select({ id: camSites.id })
    .from(camSites)
    .where(and(eq(camSites.slug, slug.toLowerCase()), isNull(camSites.deletedAt)));
  return row?.id ?? null;
}

/** A live nickname on a camsite, matched without regard to case; its stored spelling and the camsite's slug. */
export async function findNicknameOnCamsite(db: Database, camSiteId: number, nickname: string) {
  const [row] = await db
    .select({ nickname: nicknames.nickname, camSiteSlug: camSites.slug })
    .from(nicknames)
    .innerJoin(camSites, eq(camSites.id, nicknames.camSiteId))
    .where(
      and(
        eq(nicknames.camSiteId, camSiteId),
        sql`lower(${nicknames.nickname}) = ${nickname.toLowerCase()}`,
        isNull(nicknames.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findUserNickName(db: Database, nickName: string): Promise<string | null> {
  const [row] = await db
    .select({ nickName: users.nickName })
    .from(users)
    .where(and(sql`lower(${users.nickName}) = ${nickName.toLowerCase()}`, isNull(users.deletedAt)));
  return row?.nickName ?? null;
}

/** The slug of a model the viewer may see (the model page's rule), else null: a legacy address names no hidden model. */
const liveModelSlug = (modelId: unknown, viewer: ModelViewer) =>
  sql<
    string | null
  >`(select ${models.slug} from ${models} where ${models.id} = ${modelId} and ${modelPageVisibleTo(viewer)})`;

/** Where a comment lives: its zone and the parts of the holder's address. */
export async function findCommentHolder(db: Database, commentId: number, viewer: ModelViewer) {
  const [row] = await db
    .select({
      zone: comments.commentZone,
      modelSlug: liveModelSlug(comments.commentableId, viewer),
      userNickName: sql<
        string | null
      >`(select u.nick_name from ${users} u where u.id = ${comments.commentableId} and u.deleted_at is null)`,
      postType: sql<
        string | null
      >`(select p.type from ${posts} p where p.id = ${comments.commentableId} and p.deleted_at is null and p.status = 'published')`,
      postName: sql<
        string | null
      >`(select p.post_name from ${posts} p where p.id = ${comments.commentableId} and p.deleted_at is null and p.status = 'published')`,
      topicSlug: sql<
        string | null
      >`(select t.slug from ${forumTopics} t where t.id = ${comments.commentableId} and t.deleted_at is null)`,
      storyModelSlug: sql<
        string | null
      >`(select m.slug from ${stories} s join ${models} m on m.id = s.model_id where s.id = ${comments.commentableId} and s.deleted_at is null and m.deleted_at is null and m.is_visible)`,
    })
    .from(comments)
    .where(and(eq(comments.id, commentId), isNull(comments.deletedAt)));
  return row ?? null;
}

/** The page of a legacy picture: an image record's model (or its nickname's stats page). */
export async function findImageRecordTarget(db: Database, imageId: number, viewer: ModelViewer) {
  const [row] = await db
    .select({
      modelSlug: liveModelSlug(imageRecords.modelId, viewer),
      nickname: nicknames.nickname,
      camSiteSlug: camSites.slug,
    })
    .from(imageRecords)
    .leftJoin(nicknames, and(eq(nicknames.id, imageRecords.nicknameId), isNull(nicknames.deletedAt)))
    .leftJoin(camSites, eq(camSites.id, nicknames.camSiteId))
    .where(eq(imageRecords.id, imageId));
  return row ?? null;
}

/** The model whose avatar is this media row (a legacy picture id may be a media id), if the viewer may see her. */
export async function findModelSlugByAvatarMedia(
  db: Database,
  mediaId: number,
  viewer: ModelViewer,
): Promise<string | null> {
  const [row] = await db
    .select({ slug: models.slug })
    .from(models)
    .where(and(eq(models.avatarMediaId, mediaId), modelPageVisibleTo(viewer)))
    .limit(1);
  return row?.slug ?? null;
}
