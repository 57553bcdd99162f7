import { isFeatureEnabled, PAGE_SIZE } from "@camatlas/shared";
import { type StoryListQuery, type StoryReply, storyEndpoints } from "@camatlas/shared/api-contract";
import type { ApiClient } from "../../lib/api-client.ts";
import type { PublicConfig } from "../../lib/load-context.ts";
import { sessionFromCookieHeader } from "../../lib/session/cookies.ts";

// What the pages load of stories, behind the `stories` feature flag (spec §2): nothing when it is off. A failing
// stories call never takes its page down: the rail simply does not show.

export interface StoryFlags {
  stories: boolean;
  vidstack: boolean;
}

export function storyFlags(config: PublicConfig): StoryFlags {
  return {
    stories: isFeatureEnabled("stories", config.appEnv),
    vidstack: isFeatureEnabled("vidstack-player", config.appEnv),
  };
}

export interface LoadedStories {
  stories: StoryReply[];
  canCreate: boolean;
}

const NONE: LoadedStories = { stories: [], canCreate: false };

/**
 * A guest's page may be shared with other guests (the guest page cache), so it must not carry what this browser has
 * seen (its cookie): guests' pages are rendered with every story unseen, and the rail marks this browser's seen
 * ones from the cookie once it runs (use-story-views.ts).
 */
export async function loadStories(
  api: ApiClient,
  flags: StoryFlags,
  query: StoryListQuery,
  request: Request,
): Promise<LoadedStories> {
  if (!flags.stories) return NONE;
  try {
    const reply = await api.call(storyEndpoints.list, { query: { per_page: PAGE_SIZE.stories, ...query } });
    const guest = !sessionFromCookieHeader(request.headers.get("cookie")).signedIn;
    const stories = guest
      ? reply.data.map((story) => ({ ...story, viewed_by_current_user: false }))
      : reply.data;
    return { stories, canCreate: reply.meta.can_create };
  } catch {
    return NONE;
  }
}
