import {
  type Database,
  findCamSiteByName,
  findMediaById,
  findModelBinding,
  findModelsByName,
  findStoryForAction,
  insertStory,
  listStories,
  markStoryViewed,
  softDeleteStory,
  type UnpublishedAccess,
} from "@camatlas/db";
import {
  PAGE_SIZE,
  ROLE,
  STORY_LIFETIME_HOURS,
  STORY_MESSAGES,
  STORY_PUBLISH_PAST_GRACE_SECONDS,
  STORY_SCHEDULE_MAX_DAYS,
  toPageEnvelope,
} from "@camatlas/shared";
import type {
  StoryListReply,
  StoryReply,
  storyCreateSchema,
  storyListQuerySchema,
} from "@camatlas/shared/api-contract";
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { currentUser } from "../../lib/current-user.ts";
import { forbidden, notFound, validationFailed } from "../../lib/http-errors.ts";
import { mediaReferenceErrors } from "../../lib/media-reference.ts";
import { siteNow } from "../../lib/site-clock.ts";
import { actorOf, viewerOf } from "../models/viewer.ts";
import { guestViewsOf, rememberGuestView } from "./guest-views.ts";
import { canDeleteStory, canManageStories } from "./policy.ts";
import { presentStory } from "./presenter.ts";

type CreateInput = z.output<typeof storyCreateSchema>;
type ListInput = z.output<typeof storyListQuerySchema>;

const HOUR_MS = 3600_000;

/** Why a publish time is refused, or null: at most a minute in the past, at most 30 days ahead. */
export function publishAtProblem(publishAt: Date, now: Date): string | null {
  if (publishAt.getTime() < now.getTime() - STORY_PUBLISH_PAST_GRACE_SECONDS * 1000)
    return STORY_MESSAGES.publishTooEarly;
  if (publishAt.getTime() > now.getTime() + STORY_SCHEDULE_MAX_DAYS * 24 * HOUR_MS)
    return STORY_MESSAGES.publishTooLate;
  return null;
}

/** The story's media: the caller's own upload (media rule), an image or a video that is not broken or half sent. */
async function storyMediaErrors(db: Database, caller: { id: number; roleId: number }, mediaId: number) {
  const errors = await mediaReferenceErrors(db, caller, [
    { field: "media_id", id: mediaId, use: "story", wrongKindMessage: STORY_MESSAGES.notStoryMedia },
  ]);
  if (errors.media_id) return { errors, row: null };
  const row = await findMediaById(db, mediaId);
  const type = (row?.meta as { type?: string } | undefined)?.type;
  // Rows stored before meta.type existed are images by their MIME type.
  const isImage = (type === "image" || type === undefined) && row!.mimeType.startsWith("image/");
  const isVideo = type === "video" && row!.mimeType.startsWith("video/");
  if (!row || (!isImage && !isVideo))
    return { errors: { media_id: [STORY_MESSAGES.notStoryMedia] }, row: null };
  // A presigned upload not yet sent, or a video the pipeline could not read.
  if (row.processingStatus === "Uploading" || row.processingStatus === "Error")
    return { errors: { media_id: [STORY_MESSAGES.notStoryMedia] }, row: null };
  return { errors: {}, row };
}

/** POST /stories: checks every field first (422 with all problems, nothing written), then writes the story. */
export async function createStory(c: Context<AppEnv>, input: CreateInput, now = siteNow()) {
  const { db } = c.var.deps;
  const caller = currentUser(c);
  const actor = { id: caller.id, roleId: caller.roleId };
  const errors: Record<string, string[]> = {};

  const publishAt = new Date(input.publish_at);
  const timeProblem = publishAtProblem(publishAt, now);
  if (timeProblem) errors.publish_at = [timeProblem];

  // Her own model of that name; an admin's pick is the first of the name. Not hers answers alike whether it exists.
  const candidates = await findModelsByName(db, input.model_name);
  const model =
    caller.roleId === ROLE.admin ? candidates[0] : candidates.find((m) => canManageStories(actor, m));
  if (!model)
    errors.model_name = [
      caller.roleId === ROLE.admin ? STORY_MESSAGES.unknownModel : STORY_MESSAGES.notYourModel,
    ];

  let camSiteId: number | null = null;
  if (input.cam_site_name) {
    const camSite = await findCamSiteByName(db, input.cam_site_name);
    if (camSite) camSiteId = camSite.id;
    else errors.cam_site_name = [STORY_MESSAGES.unknownCamsite];
  }

  const media = await storyMediaErrors(db, actor, input.media_id);
  Object.assign(errors, media.errors);
  if (Object.keys(errors).length > 0 || !model || !media.row) throw validationFailed(errors);

  const { id } = await db.transaction((tx) =>
    insertStory(tx, {
      modelId: model.id,
      camSiteId,
      mediaId: media.row!.id,
      blur: media.row!.blurhash,
      userId: caller.id,
      publishAt,
      archivedAt: new Date(publishAt.getTime() + STORY_LIFETIME_HOURS * HOUR_MS),
    }),
  );
  const created = await listStories(db, {
    viewer: viewerOf(c),
    modelId: model.id,
    unpublished: "all",
    withArchived: true,
    userId: caller.id,
    guestViewedIds: [],
    now,
    page: 1,
    perPage: PAGE_SIZE.stories,
  });
  const row = created.rows.find((r) => r.id === id)!;
  return presentStory(row, c.var.deps.storage, actor, now);
}

/** GET /stories: what the caller may see; scheduled ones only for the model's camgirl and admins. */
export async function listStoriesFor(
  c: Context<AppEnv>,
  query: ListInput,
  now = siteNow(),
): Promise<StoryListReply> {
  const { db, storage } = c.var.deps;
  const actor = actorOf(c);
  const empty = (canCreate: boolean) =>
    toPageEnvelope<StoryReply, { can_create: boolean }>(
      [],
      0,
      query.page,
      query.per_page ?? PAGE_SIZE.stories,
      {
        can_create: canCreate,
      },
    );

  let modelId = query.model_id;
  let modelUserId: number | null = null;
  if (query.model_name !== undefined) {
    const [named] = await findModelsByName(db, query.model_name);
    if (!named || (modelId !== undefined && named.id !== modelId)) return empty(false);
    modelId = named.id;
    modelUserId = named.userId;
  } else if (modelId !== undefined) {
    modelUserId = (await findModelBinding(db, modelId))?.userId ?? null;
  }
  let camSiteId: number | undefined;
  if (query.cam_site_name !== undefined) {
    const camSite = await findCamSiteByName(db, query.cam_site_name);
    if (!camSite) return empty(false);
    camSiteId = camSite.id;
  }

  const isAdmin = actor?.roleId === ROLE.admin;
  let unpublished: UnpublishedAccess = "none";
  if (query.show_unpublished && actor) unpublished = isAdmin ? "all" : { ownerId: actor.id };
  const perPage = query.per_page ?? PAGE_SIZE.stories;
  const { rows, total } = await listStories(db, {
    viewer: viewerOf(c),
    ...(modelId !== undefined ? { modelId } : {}),
    ...(camSiteId !== undefined ? { camSiteId } : {}),
    unpublished,
    withArchived: query.with_archived ?? false,
    userId: actor?.id ?? null,
    guestViewedIds: actor ? [] : guestViewsOf(c),
    now,
    page: query.page,
    perPage,
  });
  const canCreate = modelId !== undefined && canManageStories(actor, { userId: modelUserId });
  return toPageEnvelope(
    rows.map((row) => presentStory(row, storage, actor, now)),
    total,
    query.page,
    perPage,
    { can_create: canCreate },
  );
}

/** DELETE /stories/{id}: the model's camgirl, the author or an admin; an admin's removal is audited. */
export async function deleteStory(c: Context<AppEnv>, id: number) {
  const { db } = c.var.deps;
  const story = await findStoryForAction(db, id);
  if (!story) throw notFound();
  const actor = currentUser(c);
  if (!canDeleteStory(actor, story)) throw forbidden();
  await db.transaction(async (tx) => {
    await softDeleteStory(tx, id);
    await audit(c, tx, {
      action: "story.deleted",
      subjectType: "model",
      subjectId: story.modelId,
      changes: { story_id: id, by_role: actor.roleId === ROLE.admin ? "admin" : "model" },
    });
  });
}

/** POST /stories/{id}/view: a story the caller can see that is published (404 otherwise), marked viewed. */
export async function viewStory(c: Context<AppEnv>, id: number, now = siteNow()) {
  const { db } = c.var.deps;
  const actor = actorOf(c);
  const story = await findStoryForAction(db, id);
  const visible =
    story &&
    story.publishAt <= now &&
    (
      await listStories(db, {
        viewer: viewerOf(c),
        modelId: story.modelId,
        unpublished: "none",
        withArchived: true,
        userId: null,
        guestViewedIds: [],
        now,
        page: 1,
        perPage: 1,
        storyId: id,
      })
    ).total > 0;
  if (!visible) throw notFound();
  if (actor) await markStoryViewed(db, id, actor.id);
  else rememberGuestView(c, id);
}
