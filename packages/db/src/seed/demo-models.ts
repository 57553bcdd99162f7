import { ageFromBirthday, CAMSITE_ID, CAMSITES, COUNTRIES, OFFLINE_STATUS_ID } from "@camatlas/shared";
import { LOWERCASE_CAMSITE_IDS, pickCamsites, pickNicknameCount } from "../factories/camsite-popularity.ts";
import type { Random } from "../factories/create-random.ts";
import { buildModelContent } from "../factories/model-content.ts";
import { buildModel, type NewModel } from "../factories/model-factory.ts";
import { buildModelLinks, type NewModelLink } from "../factories/model-link-factory.ts";
import {
  buildNickname,
  type NewNickname,
  ONLINE_STATUS_IDS,
  ONLINE_STATUS_WEIGHTS,
} from "../factories/nickname-factory.ts";
import { createNicknameRegistry, type NicknameType } from "../factories/nickname-styles.ts";
import { pickModelPlace } from "../factories/places.ts";
import { daysAgo, secondsAgo } from "../factories/time.ts";
import { createUniqueText } from "../factories/unique-text.ts";
import type { modelContent, modelRevisions } from "../schema/models.ts";

type NewModelContent = typeof modelContent.$inferInsert;
type NewModelRevision = typeof modelRevisions.$inferInsert;

export interface DemoModelContext {
  count: number;
  /** Users who rate models and write revisions (camfans and admins). */
  raterIds: readonly number[];
  /** Verified camgirls bound to the first models, in order (the demo camgirl first). */
  boundCamgirlIds: readonly number[];
  tagIdsByName: ReadonlyMap<string, number>;
  /** How many distinct avatar images exist; each model with an avatar points at one of them. */
  avatarImageCount: number;
}

/** Everything about one model except its id, which the database assigns. */
export interface ModelPlan {
  model: NewModel;
  avatarImageIndex: number | null;
  nicknames: Omit<NewNickname, "modelId">[];
  tagIds: number[];
  ratings: Array<{ userId: number; rating: number }>;
  links: Omit<NewModelLink, "modelId">[];
  content: Omit<NewModelContent, "modelId"> | null;
  revision: Omit<NewModelRevision, "modelId"> | null;
}

const countryNames = new Map(COUNTRIES.map((c) => [c.code, c.name]));
const camsiteNames = new Map(CAMSITES.map((c) => [c.id, c.name]));
const LATIN = new Set(["CO", "BR", "MX", "AR", "VE"]);
const ASIAN = new Set(["PH", "TH", "JP"]);

/** The hero of the demo: the model bound to the demo camgirl account, with handles on the big sites. */
const DEMO_CAMGIRL_NICKNAMES: ReadonlyArray<readonly [number, string]> = [
  [CAMSITE_ID.chaturbate, "lunarivers"],
  [CAMSITE_ID.stripchat, "LunaRiversX"],
  [CAMSITE_ID.myFreeCams, "LunaaaR"],
  [CAMSITE_ID.liveJasmin, "SweetLunaRivers"],
];

export function planDemoModels(random: Random, context: DemoModelContext): ModelPlan[] {
  const registry = createNicknameRegistry({ lowercaseCamSiteIds: LOWERCASE_CAMSITE_IDS });
  for (const [camSiteId, nickname] of DEMO_CAMGIRL_NICKNAMES) registry.add(camSiteId, nickname);
  const uniqueSlug = createUniqueText(120);
  const plans: ModelPlan[] = [];
  const revisionCount = Math.max(3, Math.round(context.count * 0.05));
  const revisionIndexes = new Set(
    random.sample(
      Array.from({ length: context.count - 1 }, (_, i) => i + 1),
      revisionCount,
    ),
  );

  for (let index = 0; index < context.count; index++) {
    const isHero = index === 0;
    const type: NicknameType = isHero
      ? "solo"
      : random.weighted(["solo", "couple", "lesbians"] as const, [90, 6, 4]);
    const base = buildModel(random, {
      ...(isHero ? { name: "Luna Rivers", country: "RO", region: "RO-B", city: "Bucharest" } : {}),
      gender: type === "couple" ? "couple" : "female",
    });
    const [firstName = base.name, ...rest] = base.name.split(" ");
    const personName = { firstName, lastName: rest.join(" ") || firstName };

    const nicknames = isHero
      ? DEMO_CAMGIRL_NICKNAMES.map(([camSiteId, nickname]) => ({ camSiteId, nickname }))
      : pickCamsites(random, pickNicknameCount(random)).map((camSiteId) => ({
          camSiteId,
          nickname: registry.take(random, camSiteId, personName, type),
        }));
    const nicknameRows = nicknames.map((n, i) => planNickname(random, n, type, i === 0 || isHero));
    const lastActivityAt = nicknameRows.reduce<Date>(
      (latest, n) => (n.lastActivityAt && n.lastActivityAt > latest ? n.lastActivityAt : latest),
      new Date(0),
    );

    const age = ageFromBirthday(base.birthday);
    const tagIds = pickTagNames(random, { type, age, country: base.country ?? null })
      .map((name) => context.tagIdsByName.get(name))
      .filter((id): id is number => id !== undefined);
    const tagNames = [...context.tagIdsByName.entries()]
      .filter(([, id]) => tagIds.includes(id))
      .map(([name]) => name);
    const siteNames = nicknames.map((n) => camsiteNames.get(n.camSiteId) ?? "");

    const ratings = planRatings(random, context.raterIds, isHero);
    const ratingSum = ratings.reduce((sum, r) => sum + r.rating, 0);
    const hasMeta = isHero || random.chance(0.25);
    const boundUserId = context.boundCamgirlIds[index] ?? null;

    const model: NewModel = {
      ...base,
      slug: uniqueSlug(base.slug),
      userId: boundUserId,
      createdByUserId: random.pick(context.raterIds),
      lastActivityAt,
      ratingVotes: ratings.length,
      ratingSum,
      rating: ratings.length ? Math.round((ratingSum / ratings.length) * 100) / 100 : 0,
      displayName: hasMeta
        ? `${base.name} (${nicknames[0]?.nickname}) – live cam model on ${siteNames[0]}`
        : null,
      about: hasMeta
        ? `${base.name} streams on ${siteNames.join(", ")}. See her nicknames, online stats, links and reviews.`.slice(
            0,
            320,
          )
        : null,
      finishedAt: !isHero && random.chance(0.03) ? new Date(lastActivityAt).toISOString().slice(0, 10) : null,
      forbidAvatarChanges: boundUserId !== null && random.chance(0.5),
      isCountryAgeHidden: random.chance(0.04),
      pageVisibleFor: random.chance(0.03) ? "only_registered_users" : "everyone",
      isStatsPageLastActivityHidden: random.chance(0.03),
      isStatsPagePastNicknamesHidden: random.chance(0.02),
      statsPageActivityGraphDetailsStatus: random.chance(0.03)
        ? "show_only_total_time_online"
        : "show_all_data",
    };

    const facts = {
      name: base.name,
      age,
      countryName: base.country ? (countryNames.get(base.country) ?? null) : null,
      city: base.city ?? null,
      camSiteNames: siteNames,
      nicknames: nicknames.map((n) => n.nickname),
      tagNames,
    };
    const content = isHero || random.chance(0.85) ? buildModelContent(random, facts) : null;
    const useUnique = content !== null && (isHero || random.chance(0.08));

    let revision: ModelPlan["revision"] = null;
    if (revisionIndexes.has(index)) {
      const newCity = pickModelPlace(random).city;
      revision = {
        userId: random.pick(context.raterIds),
        changes: { city: newCity },
        previous: { city: model.city ?? null },
        status: "pending",
        createdAt: daysAgo(random.int(0, 10)),
      };
      model.moderationState = "changed";
      model.hasUncheckedRevisions = true;
    }

    plans.push({
      model,
      avatarImageIndex: isHero || random.chance(0.92) ? random.int(0, context.avatarImageCount - 1) : null,
      nicknames: nicknameRows,
      tagIds,
      ratings,
      links: buildModelLinks(random, 0, nicknames[0]?.nickname ?? base.slug, isHero ? 4 : undefined).map(
        ({ modelId: _unused, ...link }) => link,
      ),
      content: content
        ? {
            isPublic: true,
            generatedText: content.generatedText,
            combination: content.combination,
            uniqueText: useUnique
              ? `${base.name} writes: "Thank you for finding me here! I love long free chats, silly jokes and my regulars. See you in my room."`
              : null,
            isUniqueTextUsed: useUnique,
          }
        : null,
      revision,
    });
  }
  return plans;
}

function planNickname(
  random: Random,
  n: { camSiteId: number; nickname: string },
  type: NicknameType,
  primary: boolean,
): Omit<NewNickname, "modelId"> {
  const online = random.chance(0.08);
  const active = primary || random.chance(0.9);
  const lastActivityAt = online
    ? secondsAgo(random.int(0, 600))
    : active
      ? secondsAgo(random.int(600, 90 * 86_400))
      : daysAgo(random.int(120, 700));
  const statsSite = n.camSiteId === 1 || n.camSiteId === 12 || n.camSiteId === 33;
  return {
    ...buildNickname(random, { ...n, type }),
    isActive: active,
    activityStatusId: online ? random.weighted(ONLINE_STATUS_IDS, ONLINE_STATUS_WEIGHTS) : OFFLINE_STATUS_ID,
    hasStats: statsSite && random.chance(0.6),
    lastSeenAt: lastActivityAt,
    lastActivityAt,
  };
}

/** A model's "quality" decides her average; fans' votes scatter around it. */
function planRatings(random: Random, raterIds: readonly number[], isHero: boolean) {
  const votes = isHero ? 24 : Math.min(raterIds.length, Math.floor(random.next() ** 2 * 40));
  const quality = 2.8 + random.next() * 2.1;
  return random.sample(raterIds, votes).map((userId) => ({
    userId,
    rating: Math.min(5, Math.max(1, Math.round(quality + (random.next() - 0.5) * 2))),
  }));
}

const HAIR = ["blonde", "brunette", "redhead", "black hair"] as const;
const BODY = ["petite", "curvy", "slim", "athletic", "bbw"] as const;
const EXTRAS = [
  "big boobs",
  "small tits",
  "big ass",
  "tattoos",
  "piercings",
  "hairy",
  "shaved",
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
  "college",
] as const;

/** 2–6 tags that do not contradict each other: one hair colour, one body type, origin and age tags that fit. */
function pickTagNames(
  random: Random,
  facts: { type: NicknameType; age: number | null; country: string | null },
) {
  const names = new Set<string>();
  names.add(random.weighted(HAIR, [25, 45, 10, 20]));
  if (random.chance(0.75)) names.add(random.weighted(BODY, [30, 25, 25, 12, 8]));
  if (facts.type === "couple") names.add("couple");
  if (facts.type === "lesbians") names.add("lesbian");
  const country = facts.country ?? "";
  if (LATIN.has(country) && random.chance(0.8)) names.add("latina");
  else if (ASIAN.has(country) && random.chance(0.8)) names.add("asian");
  else if (["US", "GB", "CA", "FR"].includes(country) && random.chance(0.25)) names.add("ebony");
  else if (random.chance(0.3)) names.add("white");
  if (facts.age !== null && facts.age <= 20 && random.chance(0.5)) names.add("teen 18+");
  if (facts.age !== null && facts.age >= 35 && random.chance(0.5)) names.add("milf");
  if (facts.age !== null && facts.age >= 40 && random.chance(0.4)) names.add("mature");
  const target = random.int(Math.max(2, Math.min(names.size, 6)), 6);
  for (const extra of random.shuffle(EXTRAS)) {
    if (names.size >= target) break;
    names.add(extra);
  }
  return [...names].slice(0, 6);
}
