import { type Database, findForumSettingValue } from "@camatlas/db";
import { FORUM_SETTING_NAME, type ForumSettings, forumSettingsSchema } from "@camatlas/shared/forum";

export const DEFAULT_FORUM_SETTINGS: ForumSettings = { hold_first_posts: false };

/** The forum's moderation switches: the stored row over the defaults (a row that no longer fits is ignored). */
export async function readForumSettings(db: Database): Promise<ForumSettings> {
  const stored = await findForumSettingValue(db, FORUM_SETTING_NAME);
  const parsed = forumSettingsSchema.safeParse({ ...DEFAULT_FORUM_SETTINGS, ...(stored as object | null) });
  return parsed.success ? parsed.data : DEFAULT_FORUM_SETTINGS;
}
