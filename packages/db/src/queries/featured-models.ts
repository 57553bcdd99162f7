import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { media } from "../schema/media.ts";
import { models } from "../schema/models.ts";
import { featuredModels } from "../schema/pages.ts";
import { GUEST_VIEWER, type ModelViewer, modelVisibleTo } from "./model-visibility.ts";
import type { ModelCardRow } from "./models.ts";

export type FeaturedModelRow = typeof featuredModels.$inferSelect;
export type NewFeaturedModel = typeof featuredModels.$inferInsert;

const featuredImage = sql<
  string | null
>`(select fm_media.path from ${media} fm_media where fm_media.id = ${featuredModels.mediaId} and fm_media.deleted_at is null)`;
const featuredImageBlurhash = sql<
  string | null
>`(select fm_media.blurhash from ${media} fm_media where fm_media.id = ${featuredModels.mediaId} and fm_media.deleted_at is null)`;

/**
 * The home page's featured models: admin order, inside their period, only models this viewer may see (page
 * visibility and geo/IP blocks, as in every model list).
 * Each row carries the model card columns (as listModels returns them) and the featured image's storage path.
 */
export async function listCurrentFeaturedModels(
  db: Database,
  limit: number,
  viewer: ModelViewer = GUEST_VIEWER,
  now = new Date(),
) {
  const rows = await db
    .select({
      featuredId: featuredModels.id,
      imagePath: featuredImage,
      imageBlurhash: featuredImageBlurhash,
      id: models.id,
      slug: models.slug,
      name: models.name,
      birthday: models.birthday,
      country: models.country,
      city: models.city,
      gender: models.gender,
      rating: models.rating,
      ratingVotes: models.ratingVotes,
      lastActivityAt: models.lastActivityAt,
      isCountryAgeHidden: models.isCountryAgeHidden,
      pageVisibleFor: models.pageVisibleFor,
      userId: models.userId,
      avatarPath: media.path,
      avatarBlurhash: media.blurhash,
      createdAt: models.createdAt,
    })
    .from(featuredModels)
    .innerJoin(models, eq(models.id, featuredModels.modelId))
    .leftJoin(media, eq(media.id, models.avatarMediaId))
    .where(
      and(
        or(isNull(featuredModels.startsAt), lte(featuredModels.startsAt, now)),
        or(isNull(featuredModels.endsAt), gt(featuredModels.endsAt, now)),
        isNull(models.deletedAt),
        eq(models.isVisible, true),
        isNull(models.mergedIntoModelId),
        modelVisibleTo(viewer),
      ),
    )
    .orderBy(asc(featuredModels.position), asc(featuredModels.id))
    .limit(limit);
  return rows.map(({ featuredId, imagePath, imageBlurhash, ...card }) => ({
    featuredId,
    imagePath,
    imageBlurhash,
    card: card satisfies ModelCardRow,
  }));
}

/** Every featured entry (also past and future ones) for the admin screen. */
export async function listAllFeaturedModels(db: Database) {
  return db
    .select({
      id: featuredModels.id,
      modelId: featuredModels.modelId,
      modelName: models.name,
      modelSlug: models.slug,
      mediaId: featuredModels.mediaId,
      imagePath: featuredImage,
      position: featuredModels.position,
      startsAt: featuredModels.startsAt,
      endsAt: featuredModels.endsAt,
    })
    .from(featuredModels)
    .innerJoin(models, eq(models.id, featuredModels.modelId))
    .orderBy(asc(featuredModels.position), asc(featuredModels.id));
}

export type AdminFeaturedModelRow = Awaited<ReturnType<typeof listAllFeaturedModels>>[number];

export async function findAdminFeaturedModel(
  db: Database,
  id: number,
): Promise<AdminFeaturedModelRow | null> {
  const rows = await listAllFeaturedModels(db);
  return rows.find((row) => row.id === id) ?? null;
}

export async function findFeaturedModel(db: Database, id: number): Promise<FeaturedModelRow | null> {
  const [row] = await db.select().from(featuredModels).where(eq(featuredModels.id, id));
  return row ?? null;
}

export async function insertFeaturedModel(db: Database, row: NewFeaturedModel): Promise<FeaturedModelRow> {
  const [saved] = await db.insert(featuredModels).values(row).returning();
  return saved!;
}

export async function updateFeaturedModel(
  db: Database,
  id: number,
  changes: Partial<NewFeaturedModel>,
): Promise<FeaturedModelRow | null> {
  const [saved] = await db
    .update(featuredModels)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(featuredModels.id, id))
    .returning();
  return saved ?? null;
}

export async function deleteFeaturedModel(db: Database, id: number): Promise<FeaturedModelRow | null> {
  const [row] = await db.delete(featuredModels).where(eq(featuredModels.id, id)).returning();
  return row ?? null;
}

/** Whether a model exists (not deleted), for 422s on featured entries. */
export async function featuredModelTargetExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.id, id), isNull(models.deletedAt)));
  return Boolean(row);
}
