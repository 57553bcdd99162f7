import type { BlockType, ModelGender, PageVisibleFor, StatsGraphDetailsStatus } from "@camatlas/shared";
import { and, eq, inArray, isNull, like, or, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { slugify } from "../factories/person-names.ts";
import { modelBlocks, modelRatings, modelSlugRedirects, models, modelTags, tags } from "../schema/models.ts";

/** Profile fields a revision or an admin may set (camelCase; the API maps its snake_case names). */
export interface ModelFieldValues {
  name?: string;
  birthday?: string | null;
  country?: string | null;
  region?: string | null;
  city?: string | null;
  gender?: ModelGender;
  startedAt?: string | null;
  finishedAt?: string | null;
  avatarMediaId?: number | null;
  displayName?: string | null;
  about?: string | null;
  isIndexedSearchRobots?: boolean;
  isVisible?: boolean;
  forbidAvatarChanges?: boolean;
  slug?: string;
  tagIds?: number[];
}

/** A free slug from a name: `luna-rivers`, else `luna-rivers-2`, … (old slugs of renamed models stay reserved). */
export async function freeModelSlug(db: Database, name: string, exceptModelId?: number): Promise<string> {
  const base = slugify(name).slice(0, 100) || "model";
  const taken = new Set(
    (
      await db
        .select({ slug: models.slug, id: models.id })
        .from(models)
        .where(or(eq(models.slug, base), like(models.slug, `${base}-%`)))
    )
      .filter((r) => r.id !== exceptModelId)
      .map((r) => r.slug),
  );
  for (const r of await db
    .select({ slug: modelSlugRedirects.oldSlug })
    .from(modelSlugRedirects)
    .where(or(eq(modelSlugRedirects.oldSlug, base), like(modelSlugRedirects.oldSlug, `${base}-%`))))
    taken.add(r.slug);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function isSlugTaken(db: Database, slug: string, exceptModelId: number) {
  const [model] = await db.select({ id: models.id }).from(models).where(eq(models.slug, slug)).limit(1);
  if (model && model.id !== exceptModelId) return true;
  const [redirect] = await db
    .select({ modelId: modelSlugRedirects.modelId })
    .from(modelSlugRedirects)
    .where(eq(modelSlugRedirects.oldSlug, slug))
    .limit(1);
  return Boolean(redirect && redirect.modelId !== exceptModelId);
}

/** Inserts a user-created model (moderation_state new) with its tags; returns id and slug. */
export async function insertModel(
  db: Database,
  values: ModelFieldValues & { name: string; createdByUserId: number | null },
) {
  const { tagIds = [], ...fields } = values;
  const slug = fields.slug ?? (await freeModelSlug(db, fields.name));
  const [row] = await db
    .insert(models)
    .values({ ...fields, slug, moderationState: "new", lastActivityAt: null })
    .returning({ id: models.id, slug: models.slug });
  const created = row!;
  if (tagIds.length)
    await db.insert(modelTags).values(tagIds.map((tagId) => ({ modelId: created.id, tagId })));
  return created;
}

/**
 * Applies profile fields (an approved revision or an admin edit). A new slug keeps the old one as a redirect;
 * tag ids replace the model's tags.
 */
export async function applyModelFields(db: Database, modelId: number, values: ModelFieldValues) {
  const { tagIds, ...fields } = values;
  if (fields.slug !== undefined) {
    const [current] = await db.select({ slug: models.slug }).from(models).where(eq(models.id, modelId));
    if (current && current.slug !== fields.slug) {
      await db.delete(modelSlugRedirects).where(eq(modelSlugRedirects.oldSlug, fields.slug));
      await db
        .insert(modelSlugRedirects)
        .values({ oldSlug: current.slug, modelId })
        .onConflictDoUpdate({ target: modelSlugRedirects.oldSlug, set: { modelId } });
    }
  }
  if (Object.keys(fields).length) await db.update(models).set(fields).where(eq(models.id, modelId));
  if (tagIds) {
    await db.delete(modelTags).where(eq(modelTags.modelId, modelId));
    if (tagIds.length) await db.insert(modelTags).values(tagIds.map((tagId) => ({ modelId, tagId })));
  }
}

/** Current values of the given fields, for a revision's "previous" side and field-by-field diffs. */
export async function readModelFields(db: Database, modelId: number) {
  const [row] = await db
    .select({
      name: models.name,
      birthday: models.birthday,
      country: models.country,
      region: models.region,
      city: models.city,
      gender: models.gender,
      startedAt: models.startedAt,
      finishedAt: models.finishedAt,
      avatarMediaId: models.avatarMediaId,
      displayName: models.displayName,
      about: models.about,
      isIndexedSearchRobots: models.isIndexedSearchRobots,
      isVisible: models.isVisible,
      forbidAvatarChanges: models.forbidAvatarChanges,
      slug: models.slug,
    })
    .from(models)
    .where(eq(models.id, modelId));
  if (!row) return null;
  const tagRows = await db
    .select({ tagId: modelTags.tagId })
    .from(modelTags)
    .where(eq(modelTags.modelId, modelId));
  return {
    ...row,
    tagIds: tagRows.map((t) => t.tagId).sort((a, b) => a - b),
  } satisfies Required<ModelFieldValues>;
}

/** Which of these tag ids exist. */
export async function existingTagIds(db: Database, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** One vote per user, changeable; the model's rating and vote count are recomputed from the votes. */
export async function upsertModelRating(db: Database, modelId: number, userId: number, rating: number) {
  await db
    .insert(modelRatings)
    .values({ modelId, userId, rating })
    .onConflictDoUpdate({
      target: [modelRatings.modelId, modelRatings.userId],
      set: { rating, updatedAt: new Date() },
    });
  const [row] = await db
    .update(models)
    .set({
      ratingVotes: sql`(select count(*) from ${modelRatings} r where r.model_id = ${modelId})::int`,
      ratingSum: sql`(select coalesce(sum(r.rating), 0) from ${modelRatings} r where r.model_id = ${modelId})::int`,
      rating: sql`(select coalesce(avg(r.rating), 0) from ${modelRatings} r where r.model_id = ${modelId})::real`,
    })
    .where(eq(models.id, modelId))
    .returning({ rating: models.rating, ratingVotes: models.ratingVotes });
  return row!;
}

export async function insertModelBlock(
  db: Database,
  modelId: number,
  blockableType: BlockType,
  location: string,
) {
  const [existing] = await db
    .select({ id: modelBlocks.id })
    .from(modelBlocks)
    .where(
      and(
        eq(modelBlocks.modelId, modelId),
        eq(modelBlocks.blockableType, blockableType),
        eq(modelBlocks.location, location),
      ),
    )
    .limit(1);
  if (existing) return { id: existing.id, created: false };
  const [row] = await db
    .insert(modelBlocks)
    .values({ modelId, blockableType, location })
    .returning({ id: modelBlocks.id });
  return { id: row!.id, created: true };
}

/** Removes blocks of a model by id or by type + location; returns how many went. */
export async function deleteModelBlocks(
  db: Database,
  modelId: number,
  match: { id?: number | undefined; blockableType?: string | undefined; location?: string | undefined },
) {
  const conditions = [eq(modelBlocks.modelId, modelId)];
  if (match.id !== undefined) conditions.push(eq(modelBlocks.id, match.id));
  if (match.blockableType !== undefined)
    conditions.push(eq(modelBlocks.blockableType, match.blockableType as BlockType));
  if (match.location !== undefined) conditions.push(eq(modelBlocks.location, match.location));
  const rows = await db
    .delete(modelBlocks)
    .where(and(...conditions))
    .returning({ id: modelBlocks.id });
  return rows.length;
}

export interface VisibilitySettingsValues {
  pageVisibleFor?: PageVisibleFor;
  isCountryAgeHidden?: boolean;
  isStatsPageLastActivityHidden?: boolean;
  isStatsPagePastNicknamesHidden?: boolean;
  statsPageActivityGraphDetailsStatus?: StatsGraphDetailsStatus;
  isStatsPageLongestSessionsHidden?: boolean;
}

export async function updateModelSettings(
  db: Database,
  modelId: number,
  values: VisibilitySettingsValues & { forbidAvatarChanges?: boolean; userId?: number | null },
) {
  await db.update(models).set(values).where(eq(models.id, modelId));
}

/** Binds many models to one user (admin), skipping deleted ones; returns the ids bound. */
export async function bindModels(db: Database, modelIds: number[], userId: number) {
  if (modelIds.length === 0) return [];
  const rows = await db
    .update(models)
    .set({ userId })
    .where(and(inArray(models.id, modelIds), isNull(models.deletedAt)))
    .returning({ id: models.id });
  return rows.map((r) => r.id);
}
