import type { Database } from "../client.ts";
import { models, modelTags, nicknames } from "../schema/models.ts";
import type { Random } from "./create-random.ts";
import { factoryRandom, nextUniqueToken } from "./factory-sequence.ts";
import { buildNickname, type NewNickname, type NicknameRow } from "./nickname-factory.ts";
import { generateModelName, slugify } from "./person-names.ts";
import { pickModelPlace } from "./places.ts";
import { dateOnly, daysAgo, secondsAgo, yearsAgo } from "./time.ts";

export type NewModel = typeof models.$inferInsert;
export type ModelRow = typeof models.$inferSelect;

/** A model with a stage name, adult birthday (18–45), a place weighted to the big cam countries and recent activity. */
export function buildModel(random: Random, overrides: Partial<NewModel> = {}): NewModel {
  const { firstName, lastName } = generateModelName(random);
  const name = overrides.name ?? `${firstName} ${lastName}`;
  const place = pickModelPlace(random);
  const startedYearsAgo = random.int(0, 8);
  return {
    slug: slugify(name),
    name,
    birthday: dateOnly(yearsAgo(random.int(18, 44), random.int(1, 364))),
    country: place.country,
    region: place.region,
    city: place.city,
    gender: "female",
    startedAt: dateOnly(yearsAgo(startedYearsAgo, random.int(1, 364))),
    moderationState: "new",
    lastActivityAt: secondsAgo(random.int(60, 90 * 86_400)),
    createdAt: daysAgo(random.int(1, 1_000)),
    ...overrides,
  };
}

export interface CreateModelInput extends Partial<NewModel> {
  /** Nicknames to attach; each gets sensible defaults (solo, offline, active). */
  nicknames?: Array<Partial<NewNickname> & { camSiteId: number; nickname: string }>;
  tagIds?: number[];
}

/** Inserts one model with its nicknames and tags; returns the model row with `nicknames`. */
export async function createModel(
  db: Database,
  input: CreateModelInput = {},
): Promise<ModelRow & { nicknames: NicknameRow[] }> {
  const { nicknames: nicknameInputs = [], tagIds = [], ...overrides } = input;
  const base = buildModel(factoryRandom, overrides);
  const slug = overrides.slug ?? `${base.slug}-${nextUniqueToken()}`;
  const [model] = await db
    .insert(models)
    .values({ ...base, slug })
    .returning();
  const created = model!;
  const nicknameRows = nicknameInputs.length
    ? await db
        .insert(nicknames)
        .values(nicknameInputs.map((n) => buildNickname(factoryRandom, { modelId: created.id, ...n })))
        .returning()
    : [];
  if (tagIds.length)
    await db.insert(modelTags).values(tagIds.map((tagId) => ({ modelId: created.id, tagId })));
  return { ...created, nicknames: nicknameRows };
}
