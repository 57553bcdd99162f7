import type { AiFilters } from "./ai-filters.ts";
import type { VocabularyTag } from "./vocabulary.ts";

// The AI search's evaluation set (decision 0032): plain-words queries and the exact filters each must produce.
// Every entry is a test (parse-query.test.ts) and `npm run bench` reports the share parsed exactly. Dates count
// from EVALUATION_NOW (a Wednesday) in UTC; the tags are EVALUATION_TAGS.

export const EVALUATION_NOW = new Date("2026-11-25T12:00:00Z");

export const EVALUATION_TAGS: readonly VocabularyTag[] = [
  "Blonde",
  "Brunette",
  "Redhead",
  "Big Boobs",
  "Petite",
  "MILF",
  "Latina",
  "Asian",
  "Ebony",
  "Tattoos",
  "Squirt",
  "Feet",
  "Lovense",
  "Smoking",
  "Curvy",
  "Hairy",
  "Anal",
  "Roleplay",
].map((name) => ({ name, slug: name.toLowerCase().replace(/\s+/g, "-") }));

export interface EvaluationCase {
  query: string;
  /** The filters besides the empty ones. */
  expect: Partial<AiFilters>;
}

const CB = 33;
const MFC = 12;
const SC = 36;
const BONGA = 3;
const LJ = 2;
const CAM4 = 1;
const SODA = 6;
const STREAMATE = 8;
const F4F = 18;

export const EVALUATION_SET: readonly EvaluationCase[] = [
  // The issue's own examples.
  {
    query: "blonde couple from Romania on Chaturbate, usually online in the evening, over 4 stars",
    expect: {
      tags: ["blonde"],
      genders: ["couple"],
      countries: ["RO"],
      camsites: [CB],
      usually_online: { from: 18, to: 23 },
      rating_min: 4,
    },
  },
  {
    query: "MFC girls with a camscore over 3000 online now",
    expect: { camsites: [MFC], genders: ["female"], camscore_min: 3000, online_now: true },
  },
  {
    query: "new models this month who do private shows",
    expect: { new_since: "2026-11-01", statuses: ["private"] },
  },
  // Camsites and their nicknames.
  { query: "chaturbate", expect: { camsites: [CB] } },
  { query: "models on stripchat", expect: { camsites: [SC] } },
  { query: "girls on bonga", expect: { camsites: [BONGA], genders: ["female"] } },
  { query: "livejasmin brunettes", expect: { camsites: [LJ], tags: ["brunette"] } },
  { query: "cam4 guys", expect: { camsites: [CAM4], genders: ["male"] } },
  { query: "camsoda redheads", expect: { camsites: [SODA], tags: ["redhead"] } },
  { query: "streamate couples", expect: { camsites: [STREAMATE], genders: ["couple"] } },
  { query: "f4f latinas", expect: { camsites: [F4F], tags: ["latina"] } },
  { query: "cb or mfc", expect: { camsites: [CB, MFC] } },
  { query: "my free cams asian girls", expect: { camsites: [MFC], tags: ["asian"], genders: ["female"] } },
  { query: "strip chat", expect: { camsites: [SC] } },
  // Camsites misspelt.
  { query: "chaturbat blondes", expect: { camsites: [CB], tags: ["blonde"] } },
  { query: "stripchta", expect: { camsites: [SC] } },
  { query: "myfreecam girls", expect: { camsites: [MFC], genders: ["female"] } },
  { query: "bongacam", expect: { camsites: [BONGA] } },
  // Countries, demonyms and regions.
  { query: "girls from Colombia", expect: { genders: ["female"], countries: ["CO"] } },
  { query: "colombian latinas", expect: { countries: ["CO"], tags: ["latina"] } },
  { query: "romanian models", expect: { countries: ["RO"] } },
  { query: "models from the united kingdom", expect: { countries: ["GB"] } },
  { query: "uk girls", expect: { countries: ["GB"], genders: ["female"] } },
  { query: "american couples", expect: { countries: ["US"], genders: ["couple"] } },
  { query: "models from the USA", expect: { countries: ["US"] } },
  { query: "russian or ukrainian girls", expect: { countries: ["RU", "UA"], genders: ["female"] } },
  { query: "girls from california", expect: { genders: ["female"], regions: ["US-CA"] } },
  { query: "models in texas", expect: { regions: ["US-TX"] } },
  { query: "from germany", expect: { countries: ["DE"] } },
  { query: "filipina", expect: { countries: ["PH"] } },
  { query: "from Czechia on chaturbate", expect: { countries: ["CZ"], camsites: [CB] } },
  { query: "from Brasil", expect: { countries: ["BR"] } },
  { query: "girls from romaina", expect: { genders: ["female"], countries: ["RO"] } },
  { query: "colombai", expect: { countries: ["CO"] } },
  { query: "from Hungary", expect: { countries: ["HU"] } },
  { query: "canadian milf", expect: { countries: ["CA"], tags: ["milf"] } },
  { query: "from the netherlands", expect: { countries: ["NL"] } },
  { query: "from Bogotá Colombia", expect: { countries: ["CO"], regions: ["CO-DC"] } },
  // Genders.
  { query: "trans models", expect: { genders: ["trans"] } },
  { query: "couples", expect: { genders: ["couple"] } },
  { query: "guys", expect: { genders: ["male"] } },
  { query: "women", expect: { genders: ["female"] } },
  { query: "ts on stripchat", expect: { genders: ["trans"], camsites: [SC] } },
  // Tags, their synonyms and typos.
  { query: "blond", expect: { tags: ["blonde"] } },
  { query: "busty redhead", expect: { tags: ["big-boobs", "redhead"] } },
  { query: "big tits", expect: { tags: ["big-boobs"] } },
  { query: "big boobs brunette", expect: { tags: ["big-boobs", "brunette"] } },
  { query: "ginger with tattoos", expect: { tags: ["redhead", "tattoos"] } },
  { query: "tattooed petite", expect: { tags: ["tattoos", "petite"] } },
  { query: "tiny asian", expect: { tags: ["petite", "asian"] } },
  { query: "ebony curvy", expect: { tags: ["ebony", "curvy"] } },
  { query: "squirting latina", expect: { tags: ["squirt", "latina"] } },
  { query: "feet", expect: { tags: ["feet"] } },
  { query: "lovense", expect: { tags: ["lovense"] } },
  { query: "lovnese", expect: { tags: ["lovense"] } },
  { query: "brunete", expect: { tags: ["brunette"] } },
  { query: "redhed", expect: { tags: ["redhead"] } },
  { query: "roleplay", expect: { tags: ["roleplay"] } },
  { query: "smoking milfs", expect: { tags: ["smoking", "milf"] } },
  { query: "hairy", expect: { tags: ["hairy"] } },
  { query: "tag:anal", expect: { tags: ["anal"] } },
  { query: "curvy latina from colombia", expect: { tags: ["curvy", "latina"], countries: ["CO"] } },
  // Ages.
  { query: "girls aged 20-25", expect: { genders: ["female"], age_min: 20, age_max: 25 } },
  { query: "between 25 and 30 years old", expect: { age_min: 25, age_max: 30 } },
  { query: "over 30", expect: { age_min: 30 } },
  { query: "older than 40", expect: { age_min: 40 } },
  { query: "under 25 years", expect: { age_max: 25 } },
  { query: "younger than 22", expect: { age_max: 22 } },
  { query: "in her 30s", expect: { age_min: 30, age_max: 39 } },
  { query: "20s", expect: { age_min: 20, age_max: 29 } },
  { query: "in their forties", expect: { age_min: 40, age_max: 49 } },
  { query: "25 years old", expect: { age_min: 25, age_max: 25 } },
  { query: "aged 19", expect: { age_min: 19, age_max: 19 } },
  { query: "teen", expect: { age_min: 18, age_max: 19 } },
  { query: "mature women", expect: { age_min: 35, genders: ["female"] } },
  { query: "milf over 40", expect: { tags: ["milf"], age_min: 40 } },
  { query: "18-21 petite", expect: { age_min: 18, age_max: 21, tags: ["petite"] } },
  // Ratings.
  { query: "over 4 stars", expect: { rating_min: 4 } },
  { query: "4+ stars", expect: { rating_min: 4 } },
  { query: "5 star models", expect: { rating_min: 5 } },
  { query: "rated at least 4.5", expect: { rating_min: 4.5 } },
  { query: "top rated blondes", expect: { rating_min: 4, tags: ["blonde"] } },
  { query: "highly rated couples", expect: { rating_min: 4, genders: ["couple"] } },
  { query: "under 3 stars", expect: { rating_max: 3 } },
  { query: "between 3 and 4 stars", expect: { rating_min: 3, rating_max: 4 } },
  { query: "3 stars or more", expect: { rating_min: 3 } },
  // CamScore.
  { query: "camscore over 5000", expect: { camscore_min: 5000 } },
  { query: "camscore above 3k", expect: { camscore_min: 3000 } },
  { query: "cam score under 1000", expect: { camscore_max: 1000 } },
  { query: "camscore between 1000 and 2000", expect: { camscore_min: 1000, camscore_max: 2000 } },
  { query: "camscore > 2500 on mfc", expect: { camscore_min: 2500, camscore_max: null, camsites: [MFC] } },
  { query: "at least 4000 camscore", expect: { camscore_min: 4000 } },
  { query: "camscore 3000+", expect: { camscore_min: 3000 } },
  // Online now and show types.
  { query: "online now", expect: { online_now: true } },
  { query: "live now on chaturbate", expect: { online_now: true, camsites: [CB] } },
  { query: "currently streaming", expect: { online_now: true } },
  { query: "blondes online", expect: { online_now: true, tags: ["blonde"] } },
  { query: "in private", expect: { statuses: ["private"] } },
  { query: "in a group show", expect: { statuses: ["group"] } },
  { query: "free chat girls", expect: { statuses: ["free_chat"], genders: ["female"] } },
  { query: "gold show on mfc", expect: { statuses: ["gold_show"], camsites: [MFC] } },
  { query: "true private", expect: { statuses: ["true_private"] } },
  { query: "semi private", expect: { statuses: ["semiprivate"] } },
  { query: "vip show", expect: { statuses: ["vip"] } },
  { query: "happy hour now online", expect: { statuses: ["happy_hour"], online_now: true } },
  { query: "who do private shows", expect: { statuses: ["private"] } },
  // Usual hours (the visitor's time).
  { query: "usually online in the evening", expect: { usually_online: { from: 18, to: 23 } } },
  { query: "online in the morning", expect: { usually_online: { from: 6, to: 12 } } },
  { query: "afternoons", expect: { usually_online: { from: 12, to: 18 } } },
  { query: "at night", expect: { usually_online: { from: 22, to: 3 } } },
  { query: "usually online at 9pm", expect: { usually_online: { from: 21, to: 22 } } },
  { query: "usually on around 10 am", expect: { usually_online: { from: 10, to: 11 } } },
  { query: "online between 8pm and 11pm", expect: { usually_online: { from: 20, to: 23 } } },
  { query: "usually online between 18:00 and 23:00", expect: { usually_online: { from: 18, to: 23 } } },
  { query: "from 22:00 to 02:00", expect: { usually_online: { from: 22, to: 2 } } },
  { query: "late night couples", expect: { usually_online: { from: 0, to: 4 }, genders: ["couple"] } },
  // New to the catalog.
  { query: "new models", expect: { new_since: "2026-10-26" } },
  { query: "new this week", expect: { new_since: "2026-11-23" } },
  { query: "new girls this year", expect: { new_since: "2026-01-01", genders: ["female"] } },
  { query: "joined in the last 7 days", expect: { new_since: "2026-11-18" } },
  { query: "added in the past 2 weeks", expect: { new_since: "2026-11-11" } },
  { query: "new today", expect: { new_since: "2026-11-25" } },
  { query: "new since March 2026", expect: { new_since: "2026-03-01" } },
  { query: "joined after 1 October 2026", expect: { new_since: "2026-10-01" } },
  { query: "new since 2026-11-01", expect: { new_since: "2026-11-01" } },
  // Words nothing understands are searched as text.
  { query: "scarlett", expect: { text: ["scarlett"] } },
  { query: "mia stone on chaturbate", expect: { text: ["mia", "stone"], camsites: [CB] } },
  { query: "yoga instructor", expect: { text: ["yoga", "instructor"] } },
  { query: "girls who like cosplay", expect: { genders: ["female"], text: ["cosplay"] } },
  { query: "Crème brûlée", expect: { text: ["creme", "brulee"] } },
  // Everything at once.
  {
    query: "petite asian girls from the Philippines on Stripchat online now under 25",
    expect: {
      tags: ["petite", "asian"],
      genders: ["female"],
      countries: ["PH"],
      camsites: [SC],
      online_now: true,
      age_max: 25,
    },
  },
  {
    query: "top rated redhead MILF from Germany usually online at 8pm",
    expect: {
      rating_min: 4,
      tags: ["redhead", "milf"],
      countries: ["DE"],
      usually_online: { from: 20, to: 21 },
    },
  },
  {
    query: "new couples from colombia on chaturbate this month in private",
    expect: {
      genders: ["couple"],
      countries: ["CO"],
      camsites: [CB],
      new_since: "2026-11-01",
      statuses: ["private"],
    },
  },
];
