import { type Database, liveStoryStats } from "@camatlas/db";
import type { ModelProfile } from "@camatlas/shared/schemas/model-card";
import { siteNow } from "../../lib/site-clock.ts";

/**
 * A model profile with her live stories (spec §3 Model: last_published_stories, stats_last_published_stories):
 * read at every request, since stories go live and archive by the clock while the profile data is cached.
 */
export async function withLiveStories(db: Database, profile: ModelProfile): Promise<ModelProfile> {
  const live = (await liveStoryStats(db, [profile.id], siteNow())).get(profile.id);
  return {
    ...profile,
    last_published_stories: live?.ids ?? [],
    stats_last_published_stories: {
      count: live?.ids.length ?? 0,
      last_published_at: live?.lastPublishedAt.toISOString() ?? null,
    },
  };
}
