import { and, count, desc, eq, gt, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../client.ts";
import { camSites } from "../schema/camsites.ts";
import { media } from "../schema/media.ts";
import { models } from "../schema/models.ts";
import { stories, storyViews } from "../schema/stories.ts";
import { type ModelViewer, modelPageVisibleTo } from "./model-visibility.ts";

// Stories (spec §3, §4): the state follows from the clock at query time — unpublished while publish_at is ahead,
// published from publish_at, archived once archived_at (publish_at + 24 h, stored at creation) has passed. No job has
// to run for a story to go live, so it shows the moment its time comes (within the caches' few seconds).

export interface NewStory {
  modelId: number;
  camSiteId: number | null;
  mediaId: number;
  blur: string | null;
  userId: number;
  publishAt: Date;
  archivedAt: Date;
}

export async function insertStory(db: Database, story: NewStory): Promise<{ id: number }> {
  const [row] = await db.insert(stories).values(story).returning({ id: stories.id });
  return row!;
}

/** A story with what deciding about it needs: its model's camgirl and whether the model still exists. */
export async function findStoryForAction(db: Database, id: number) {
  const [row] = await db
    .select({
      id: stories.id,
      modelId: stories.modelId,
      userId: stories.userId,
      publishAt: stories.publishAt,
      archivedAt: stories.archivedAt,
      modelUserId: models.userId,
    })
    .from(stories)
    .innerJoin(models, eq(models.id, stories.modelId))
    .where(and(eq(stories.id, id), isNull(stories.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function softDeleteStory(db: Database, id: number): Promise<void> {
  await db.update(stories).set({ deletedAt: new Date() }).where(eq(stories.id, id));
}

/** Records that a signed-in user saw a story (once; seeing it again changes nothing). */
export async function markStoryViewed(db: Database, storyId: number, userId: number): Promise<void> {
  await db.insert(storyViews).values({ storyId, userId }).onConflictDoNothing();
}

/** Who may see scheduled stories in a list: nobody, the camgirl of the listed models, or everyone (admins). */
export type UnpublishedAccess = "none" | { ownerId: number } | "all";

export interface StoryListFilters {
  viewer: ModelViewer;
  storyId?: number;
  modelId?: number;
  camSiteId?: number;
  unpublished: UnpublishedAccess;
  withArchived: boolean;
  /** The signed-in viewer (for viewed_by_current_user). */
  userId: number | null;
  /** Stories a guest's browser has seen (its cookie). */
  guestViewedIds: readonly number[];
  now: Date;
  page: number;
  perPage: number;
}

const modelAvatar = alias(media, "model_avatar");

function listConditions(filters: StoryListFilters): SQL {
  const conditions: (SQL | undefined)[] = [isNull(stories.deletedAt), modelPageVisibleTo(filters.viewer)];
  if (filters.storyId !== undefined) conditions.push(eq(stories.id, filters.storyId));
  if (filters.modelId !== undefined) conditions.push(eq(stories.modelId, filters.modelId));
  if (filters.camSiteId !== undefined) conditions.push(eq(stories.camSiteId, filters.camSiteId));
  const published = lte(stories.publishAt, filters.now);
  if (filters.unpublished === "none") conditions.push(published);
  else if (filters.unpublished !== "all")
    conditions.push(or(published, eq(models.userId, filters.unpublished.ownerId)));
  if (!filters.withArchived)
    conditions.push(or(isNull(stories.archivedAt), gt(stories.archivedAt, filters.now)));
  // A video is shown once it plays: still processing (or failed) it stays out of public lists.
  conditions.push(
    sql`(${media.meta}->>'type' is distinct from 'video' or ${media.processingStatus} is null or ${media.processingStatus} = 'Complete' or ${models.userId} is not distinct from ${filters.userId})`,
  );
  return and(...conditions)!;
}

function viewedExpression(filters: StoryListFilters): SQL<boolean> {
  if (filters.userId !== null)
    return sql<boolean>`exists (select 1 from ${storyViews} where ${storyViews.storyId} = ${stories.id} and ${storyViews.userId} = ${filters.userId})`;
  if (filters.guestViewedIds.length === 0) return sql<boolean>`false`;
  return sql<boolean>`${stories.id} = any(${`{${filters.guestViewedIds.join(",")}}`}::int[])`;
}

/** A page of stories the viewer may see, newest publish time first, with media, model and camsite. */
export async function listStories(db: Database, filters: StoryListFilters) {
  const where = listConditions(filters);
  const base = db
    .select({
      id: stories.id,
      mediaId: stories.mediaId,
      blur: stories.blur,
      publishAt: stories.publishAt,
      archivedAt: stories.archivedAt,
      userId: stories.userId,
      mediaPath: media.path,
      mediaMimeType: media.mimeType,
      mediaWidth: media.width,
      mediaHeight: media.height,
      mediaBlurhash: media.blurhash,
      mediaMeta: media.meta,
      mediaProcessingStatus: media.processingStatus,
      modelId: models.id,
      modelName: models.name,
      modelSlug: models.slug,
      modelUserId: models.userId,
      modelAvatarPath: modelAvatar.path,
      modelAvatarBlurhash: modelAvatar.blurhash,
      camSiteId: camSites.id,
      camSiteName: camSites.name,
      camSiteSlug: camSites.slug,
      viewed: viewedExpression(filters),
    })
    .from(stories)
    .innerJoin(models, eq(models.id, stories.modelId))
    .innerJoin(media, eq(media.id, stories.mediaId))
    .leftJoin(modelAvatar, eq(modelAvatar.id, models.avatarMediaId))
    .leftJoin(camSites, eq(camSites.id, stories.camSiteId));
  const [rows, totals] = await Promise.all([
    base
      .where(where)
      .orderBy(desc(stories.publishAt), desc(stories.id))
      .limit(filters.perPage)
      .offset((filters.page - 1) * filters.perPage),
    db
      .select({ n: count() })
      .from(stories)
      .innerJoin(models, eq(models.id, stories.modelId))
      .innerJoin(media, eq(media.id, stories.mediaId))
      .where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
}

export type StoryListRow = Awaited<ReturnType<typeof listStories>>["rows"][number];

/** Models named `name` (any case), not deleted or merged, for a story's model_name: her own first. */
export async function findModelsByName(db: Database, name: string) {
  return db
    .select({ id: models.id, name: models.name, userId: models.userId })
    .from(models)
    .where(
      and(
        sql`lower(${models.name}) = lower(${name})`,
        isNull(models.deletedAt),
        isNull(models.mergedIntoModelId),
      ),
    )
    .orderBy(models.id)
    .limit(20);
}

/** The user bound to a model (null when none), or null when there is no such model. */
export async function findModelBinding(db: Database, modelId: number) {
  const [row] = await db
    .select({ id: models.id, userId: models.userId })
    .from(models)
    .where(eq(models.id, modelId))
    .limit(1);
  return row ?? null;
}

/** A camsite by its name or slug (any case), for a story's cam_site_name. */
export async function findCamSiteByName(db: Database, name: string) {
  const [row] = await db
    .select({ id: camSites.id, name: camSites.name, slug: camSites.slug })
    .from(camSites)
    .where(or(sql`lower(${camSites.name}) = lower(${name})`, sql`lower(${camSites.slug}) = lower(${name})`))
    .limit(1);
  return row ?? null;
}

/** Per model, her live stories (published, not archived, playable): their ids newest first and the newest time. */
export async function liveStoryStats(db: Database, modelIds: readonly number[], now: Date = new Date()) {
  const result = new Map<number, { ids: number[]; lastPublishedAt: Date }>();
  if (modelIds.length === 0) return result;
  const rows = await db
    .select({
      modelId: stories.modelId,
      ids: sql<number[]>`array_agg(${stories.id} order by ${stories.publishAt} desc, ${stories.id} desc)`,
      last: sql<string>`max(${stories.publishAt})`,
    })
    .from(stories)
    .innerJoin(media, eq(media.id, stories.mediaId))
    .where(
      and(
        sql`${stories.modelId} = any(${`{${modelIds.join(",")}}`}::int[])`,
        isNull(stories.deletedAt),
        lte(stories.publishAt, now),
        gt(stories.archivedAt, now),
        sql`(${media.meta}->>'type' is distinct from 'video' or ${media.processingStatus} is null or ${media.processingStatus} = 'Complete')`,
      ),
    )
    .groupBy(stories.modelId);
  for (const row of rows)
    result.set(row.modelId, { ids: row.ids.map(Number), lastPublishedAt: new Date(row.last) });
  return result;
}
