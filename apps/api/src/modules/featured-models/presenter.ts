import type { AdminFeaturedModelRow, listCurrentFeaturedModels, NicknameRow } from "@camatlas/db";
import { blurPlaceholder } from "@camatlas/shared";
import type { AdminFeaturedModel, FeaturedModel } from "@camatlas/shared/schemas/featured-models";
import type { MediaStorage } from "../media/storage.ts";
import { presentModelCard } from "../models/presenter.ts";

type CurrentFeaturedRow = Awaited<ReturnType<typeof listCurrentFeaturedModels>>[number];

/** A featured model on the home page: her card and the featured picture. */
export function presentFeaturedModel(
  row: CurrentFeaturedRow,
  nicknames: NicknameRow[],
  storage: MediaStorage,
): FeaturedModel {
  return {
    id: row.featuredId,
    model: presentModelCard(row.card, nicknames),
    image: row.imagePath ? storage.publicUrl(row.imagePath) : null,
    image_placeholder: row.imagePath ? blurPlaceholder(row.imageBlurhash) : null,
  };
}

export function presentAdminFeaturedModel(
  row: AdminFeaturedModelRow,
  storage: MediaStorage,
  now = new Date(),
): AdminFeaturedModel {
  return {
    id: row.id,
    model_id: row.modelId,
    model_name: row.modelName,
    model_slug: row.modelSlug,
    media_id: row.mediaId,
    image: row.imagePath ? storage.publicUrl(row.imagePath) : null,
    position: row.position,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    is_current: (!row.startsAt || row.startsAt <= now) && (!row.endsAt || row.endsAt > now),
  };
}
