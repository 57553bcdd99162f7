import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { camSites } from "../schema/camsites.ts";
import { models, nicknames } from "../schema/models.ts";
import { imageRecords } from "../schema/stats.ts";
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
