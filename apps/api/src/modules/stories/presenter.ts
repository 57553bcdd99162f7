import type { StoryListRow } from "@camatlas/db";
import { blurPlaceholder, storyState } from "@camatlas/shared";
import type { StoryReply } from "@camatlas/shared/api-contract";
import type { MediaStorage } from "../media/storage.ts";
import { canDeleteStory, type StoryActor } from "./policy.ts";

/** A stored key or an address as it is (a processed video's poster may be either). */
const linkOf = (storage: Pick<MediaStorage, "publicUrl">, value: string) =>
  /^(https?:)?\//.test(value) ? value : storage.publicUrl(value);

/** A story as the API answers it: its media by public link, the state at `now`, and what the caller may do. */
export function presentStory(
  row: StoryListRow,
  storage: Pick<MediaStorage, "publicUrl">,
  actor: StoryActor,
  now: Date,
): StoryReply {
  const state = storyState({ publishAt: row.publishAt, archivedAt: row.archivedAt }, now);
  const meta = row.mediaMeta as { type?: string; duration?: number; poster?: string };
  const isVideo = meta.type === "video" || row.mediaMimeType.startsWith("video/");
  return {
    id: row.id,
    media_id: row.mediaId,
    blur: row.blur ?? row.mediaBlurhash,
    media: {
      id: row.mediaId,
      link: storage.publicUrl(row.mediaPath),
      type: isVideo ? "video" : "image",
      width: row.mediaWidth,
      height: row.mediaHeight,
      duration: typeof meta.duration === "number" ? meta.duration : null,
      poster: meta.poster ? linkOf(storage, meta.poster) : null,
      mime_type: row.mediaMimeType,
    },
    publish_at: row.publishAt.toISOString(),
    // Published the moment publish_at passed: the state is read from the clock, not set by a job.
    published_at: state === "unpublished" ? null : row.publishAt.toISOString(),
    archived_at: state === "archived" && row.archivedAt ? row.archivedAt.toISOString() : null,
    state,
    cam_site:
      row.camSiteId !== null && row.camSiteName !== null && row.camSiteSlug !== null
        ? { id: row.camSiteId, name: row.camSiteName, slug: row.camSiteSlug }
        : null,
    model: {
      id: row.modelId,
      name: row.modelName,
      slug: row.modelSlug,
      avatar_path: row.modelAvatarPath ? storage.publicUrl(row.modelAvatarPath) : null,
      avatar_placeholder: row.modelAvatarPath ? blurPlaceholder(row.modelAvatarBlurhash) : null,
    },
    viewed_by_current_user: Boolean(row.viewed),
    can_delete: canDeleteStory(actor, { userId: row.userId, modelUserId: row.modelUserId }),
  };
}
