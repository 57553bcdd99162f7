import type { ModelCard } from "@camatlas/shared/schemas/model-card";
import type { ApiClient } from "../../lib/api-client.ts";

export interface FeaturedModel {
  id: number;
  model: ModelCard;
  image: string | null;
}

/** GET /api/featured-models (10); the home page shows nothing rather than failing when it is unavailable. */
export async function fetchFeaturedModels(api: ApiClient): Promise<FeaturedModel[]> {
  try {
    const reply = await api.request<FeaturedModel[] | { data?: FeaturedModel[] }>("GET", "/featured-models");
    const list = Array.isArray(reply) ? reply : (reply?.data ?? []);
    return list.filter((item) => item?.model);
  } catch {
    return [];
  }
}

/** The picture of a featured card: its own image, else (when the setting allows) the model's default image. */
export function featuredImage(item: FeaturedModel, showDefaultImage: boolean): string | null {
  return item.image ?? (showDefaultImage ? item.model.avatar_path : null);
}
