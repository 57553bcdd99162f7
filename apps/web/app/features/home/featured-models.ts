import { featuredModelEndpoints } from "@camatlas/shared/api-contract";
import type { FeaturedModel } from "@camatlas/shared/schemas/featured-models";
import type { ApiClient } from "../../lib/api-client.ts";

export type { FeaturedModel };

/** GET /api/featured-models (10); the home page shows nothing rather than failing when it is unavailable. */
export async function fetchFeaturedModels(api: ApiClient): Promise<FeaturedModel[]> {
  try {
    return await api.call(featuredModelEndpoints.list, {});
  } catch {
    return [];
  }
}

/** The picture of a featured card: its own image, else (when the setting allows) the model's default image. */
export function featuredImage(item: FeaturedModel, showDefaultImage: boolean): string | null {
  return item.image ?? (showDefaultImage ? item.model.avatar_path : null);
}
