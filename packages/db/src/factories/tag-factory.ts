import type { Database } from "../client.ts";
import { tags } from "../schema/models.ts";
import { factoryRandom, nextUniqueToken } from "./factory-sequence.ts";
import { slugify } from "./person-names.ts";

export type NewTag = typeof tags.$inferInsert;
export type TagRow = typeof tags.$inferSelect;

/** The demo tag vocabulary: looks, body, origin, style and show features. */
export const DEMO_TAG_NAMES = [
  "blonde",
  "brunette",
  "redhead",
  "black hair",
  "petite",
  "curvy",
  "slim",
  "athletic",
  "bbw",
  "big boobs",
  "small tits",
  "big ass",
  "tattoos",
  "piercings",
  "hairy",
  "shaved",
  "latina",
  "asian",
  "ebony",
  "white",
  "milf",
  "mature",
  "teen 18+",
  "college",
  "couple",
  "lesbian",
  "hd",
  "interactive toy",
  "lovense",
  "squirt",
  "anal",
  "feet",
  "smoking",
  "cosplay",
  "lingerie",
  "stockings",
  "glasses",
  "dancing",
  "new model",
  "outdoor",
] as const;

/** Which tags go together with which gender and type hints is left to the caller; this builds the row. */
export function buildTag(name: string, overrides: Partial<NewTag> = {}): NewTag {
  return { name, slug: slugify(name), page: null, ...overrides };
}

/** Inserts one tag; the default name is unique per call. */
export async function createTag(db: Database, overrides: Partial<NewTag> = {}): Promise<TagRow> {
  const name = overrides.name ?? `${factoryRandom.pick(DEMO_TAG_NAMES)} ${nextUniqueToken()}`;
  const [row] = await db.insert(tags).values(buildTag(name, overrides)).returning();
  return row!;
}
