import type { ActivityStatusKey } from "../activity-statuses.ts";
import { CAMSITES } from "../camsites.ts";
import { COUNTRIES } from "../countries.ts";
import type { ModelGender } from "../enums.ts";
import { REGIONS } from "../regions.ts";
import { foldText } from "./fuzzy-match.ts";

// The words the AI search understands: the catalog's own names (camsites, countries, regions, tags) and a few
// synonyms people type for them, each folded (lowercase, no accents) to what it means.

export type Meaning =
  | { kind: "camsite"; id: number }
  | { kind: "country"; code: string }
  | { kind: "region"; code: string }
  | { kind: "gender"; gender: ModelGender }
  | { kind: "status"; status: ActivityStatusKey }
  | { kind: "tag"; slug: string };

/** A tag as the catalog names it. */
export interface VocabularyTag {
  slug: string;
  name: string;
}

const CAMSITE_SYNONYMS: Record<string, string[]> = {
  cam4: ["cam 4"],
  livejasmin: ["jasmin", "lj", "live jasmin"],
  bongacams: ["bonga", "bonga cams"],
  camsoda: ["soda", "cam soda"],
  streamate: [],
  myfreecams: ["mfc", "my free cams", "freecams"],
  flirt4free: ["f4f", "flirt 4 free"],
  chaturbate: ["cb"],
  stripchat: ["strip chat", "sc"],
};

/** What people call a country's models or say instead of its name. */
const COUNTRY_SYNONYMS: Record<string, string[]> = {
  US: ["usa", "america", "american", "americans", "united states"],
  GB: ["uk", "britain", "great britain", "british", "england"],
  RO: ["romanian", "romanians"],
  CO: ["colombian", "colombians", "columbia"],
  RU: ["russian", "russians", "russia"],
  UA: ["ukrainian", "ukrainians"],
  DE: ["german", "germans"],
  FR: ["french"],
  ES: ["spanish"],
  IT: ["italian", "italians"],
  CA: ["canadian", "canadians"],
  BR: ["brazilian", "brazilians"],
  MX: ["mexican", "mexicans"],
  PH: ["filipina", "filipinas", "filipino", "philippine"],
  TH: ["thai"],
  JP: ["japanese"],
  HU: ["hungarian", "hungarians"],
  CZ: ["czech", "czechia"],
  PL: ["polish"],
  NL: ["dutch", "holland"],
  AR: ["argentinian", "argentine"],
  VE: ["venezuelan", "venezuelans"],
  AU: ["australian", "australians", "aussie"],
  IN: ["indian"],
  SE: ["swedish"],
  LV: ["latvian"],
  LT: ["lithuanian"],
  MD: ["moldovan"],
  BG: ["bulgarian"],
  RS: ["serbian"],
  KE: ["kenyan"],
  ZA: ["south african"],
  CN: ["chinese"],
  KR: ["korean"],
  VN: ["vietnamese"],
};

const GENDER_WORDS: Record<ModelGender, string[]> = {
  female: [
    "girl",
    "girls",
    "woman",
    "women",
    "female",
    "females",
    "lady",
    "ladies",
    "babe",
    "babes",
    "gal",
    "gals",
  ],
  male: ["guy", "guys", "man", "men", "male", "males", "boy", "boys", "dude", "dudes"],
  trans: ["trans", "transgender", "ts", "tgirl", "tgirls", "transwoman", "transwomen"],
  couple: ["couple", "couples", "pair", "pairs"],
  unknown: [],
};

/** Show types she can be in right now (activity statuses), by the words for them. */
const STATUS_WORDS: Partial<Record<ActivityStatusKey, string[]>> = {
  private: ["private", "privates", "private show", "private shows", "pvt", "in private"],
  true_private: ["true private", "true privates"],
  semiprivate: ["semiprivate", "semi private", "semi-private"],
  group: ["group", "group show", "group shows", "group chat"],
  free_chat: ["free chat", "free show", "public chat"],
  gold_show: ["gold show", "gold shows"],
  vip: ["vip", "vip show"],
  happy_hour: ["happy hour"],
  party: ["party", "party show"],
};

/** Common ways to name a tag that the catalog spells otherwise (used only when that tag exists). */
const TAG_SYNONYMS: Record<string, string[]> = {
  blonde: ["blond", "blondes", "blonds", "fair haired"],
  brunette: ["brunettes", "brown haired", "dark haired"],
  redhead: ["redheads", "ginger", "gingers", "red haired"],
  "big boobs": ["big tits", "busty", "big breasts", "big boobs"],
  "small tits": ["small boobs", "petite chest", "tiny tits"],
  petite: ["tiny"],
  curvy: ["curvy", "thick", "bbw"],
  milf: ["milfs", "mom", "mommy"],
  latina: ["latinas", "latin", "hispanic"],
  asian: ["asians"],
  ebony: ["black", "ebonies"],
  tattoos: ["tattoo", "tattooed", "inked"],
  piercings: ["piercing", "pierced"],
  teen: ["teens", "18yo", "barely legal"],
  mature: ["matures"],
  lesbian: ["lesbians", "girl on girl"],
  squirt: ["squirting", "squirter"],
  feet: ["foot", "feet fetish"],
  hairy: ["natural hair", "unshaved"],
  "big ass": ["big butt", "booty", "big booty"],
  skinny: ["slim", "thin"],
  smoking: ["smoker", "smokes"],
};

export interface Vocabulary {
  /** Folded term → meaning; terms of up to four words. */
  terms: Map<string, Meaning>;
  /** Terms by their word count, longest first, for phrase matching. */
  longestTerm: number;
}

function add(terms: Map<string, Meaning>, term: string, meaning: Meaning) {
  const folded = foldText(term);
  // The first meaning given wins: the order below says which reading a word gets.
  if (folded && !terms.has(folded)) terms.set(folded, meaning);
}

/** The vocabulary over the catalog's tags (names and slugs), camsites, countries, regions, genders and shows. */
export function buildVocabulary(tags: readonly VocabularyTag[]): Vocabulary {
  const terms = new Map<string, Meaning>();
  for (const [gender, words] of Object.entries(GENDER_WORDS))
    for (const word of words) add(terms, word, { kind: "gender", gender: gender as ModelGender });
  for (const camsite of CAMSITES) {
    add(terms, camsite.name, { kind: "camsite", id: camsite.id });
    add(terms, camsite.slug, { kind: "camsite", id: camsite.id });
    for (const word of CAMSITE_SYNONYMS[camsite.slug] ?? [])
      add(terms, word, { kind: "camsite", id: camsite.id });
  }
  for (const [status, words] of Object.entries(STATUS_WORDS))
    for (const word of words ?? []) add(terms, word, { kind: "status", status: status as ActivityStatusKey });
  const tagByName = new Map(tags.map((tag) => [foldText(tag.name), tag.slug]));
  for (const tag of tags) {
    add(terms, tag.name, { kind: "tag", slug: tag.slug });
    add(terms, tag.slug.replace(/-/g, " "), { kind: "tag", slug: tag.slug });
  }
  for (const [name, words] of Object.entries(TAG_SYNONYMS)) {
    const slug = tagByName.get(foldText(name));
    if (slug) for (const word of words) add(terms, word, { kind: "tag", slug });
  }
  for (const country of COUNTRIES) add(terms, country.name, { kind: "country", code: country.code });
  for (const [code, words] of Object.entries(COUNTRY_SYNONYMS))
    for (const word of words) add(terms, word, { kind: "country", code });
  for (const region of REGIONS) add(terms, region.name, { kind: "region", code: region.code });
  let longestTerm = 1;
  for (const term of terms.keys()) longestTerm = Math.max(longestTerm, term.split(" ").length);
  return { terms, longestTerm: Math.min(longestTerm, 4) };
}
