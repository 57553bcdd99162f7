import type { NicknameType } from "@camatlas/shared";
import type { Random } from "./create-random.ts";
import { capitalize, type PersonName } from "./person-names.ts";

export type { NicknameType };

const PREFIXES = [
  "Sweet",
  "Miss",
  "Little",
  "Hot",
  "Lovely",
  "Naughty",
  "Sexy",
  "Cute",
  "Shy",
  "Wild",
  "Lady",
  "Baby",
];
const SUFFIXES = [
  "X",
  "xo",
  "Babe",
  "Kitty",
  "Doll",
  "Love",
  "Angel",
  "4u",
  "Girl",
  "Bunny",
  "Fox",
  "Queen",
  "Live",
];
const PARTNERS = ["Max", "Alex", "Leo", "Marco", "Nick", "Sam", "Dan", "Tony", "Adam", "Ryan"];
const GIRLFRIENDS = ["Mia", "Zoe", "Kira", "Lola", "Nina", "Ivy", "Jade", "Ruby", "Lexi", "Nika"];

/** Every way a performer turns "Luna Rivers" into a camsite handle, from "LunaRiversX" to "sweet_luna". */
const SOLO_STYLES: ReadonlyArray<(name: PersonName, random: Random) => string> = [
  (n) => `${n.firstName}${n.lastName}`,
  (n, r) => `${n.firstName}${n.lastName}${r.pick(SUFFIXES)}`,
  (n) => `${n.firstName.toLowerCase()}_${n.lastName.toLowerCase()}`,
  (n, r) => `${r.pick(PREFIXES).toLowerCase()}_${n.firstName.toLowerCase()}`,
  (n, r) => `${r.pick(PREFIXES)}${n.firstName}`,
  (n, r) => `${stretch(n.firstName, r)}${n.lastName.charAt(0)}`,
  (n, r) => `${n.firstName}${r.int(18, 99)}`,
  (n, r) => `${n.firstName.toLowerCase()}_${r.pick(SUFFIXES).toLowerCase()}`,
  (n) => `x${n.firstName}x`,
  (n, r) => `${n.firstName}_${r.pick(SUFFIXES)}`,
  (n, r) => `${n.firstName.toLowerCase()}${n.lastName.toLowerCase()}${r.int(1, 9)}`,
  (n, r) => `${capitalize(r.pick(PREFIXES).toLowerCase())}${n.lastName}`,
  (n, r) => `${n.firstName}${capitalize(r.pick(SUFFIXES))}${r.int(1, 99)}`,
  (n) => `the${n.firstName}${n.lastName}`,
  (n, r) => `${n.firstName.charAt(0)}${n.lastName}_${r.int(90, 99)}`,
];

const COUPLE_STYLES: ReadonlyArray<(name: PersonName, random: Random) => string> = [
  (n, r) => `${n.firstName}And${r.pick(PARTNERS)}`,
  (n, r) => `${n.firstName.toLowerCase()}_n_${r.pick(PARTNERS).toLowerCase()}`,
  (n, r) => `Hot${r.pick(["Couple", "Pair", "Duo"])}${n.firstName}`,
  (n, r) => `${r.pick(PARTNERS)}${n.firstName}Live`,
];

const LESBIAN_STYLES: ReadonlyArray<(name: PersonName, random: Random) => string> = [
  (n, r) => `${n.firstName}And${r.pick(GIRLFRIENDS)}`,
  (n, r) => `${n.firstName.toLowerCase()}_${r.pick(GIRLFRIENDS).toLowerCase()}_girls`,
  (n, r) => `${r.pick(["Sweet", "Naughty", "Wild"])}Girls${n.firstName}`,
];

/** "Luna" → "Lunaaa": the repeated-last-letter handles that are everywhere on camsites. */
function stretch(word: string, random: Random): string {
  return word + word.charAt(word.length - 1).repeat(random.int(1, 3));
}

export function generateNickname(random: Random, name: PersonName, type: NicknameType = "solo"): string {
  const styles = type === "couple" ? COUPLE_STYLES : type === "lesbians" ? LESBIAN_STYLES : SOLO_STYLES;
  return random
    .pick(styles)(name, random)
    .replace(/[^A-Za-z0-9_]/g, "");
}

/** Remembers the handles taken per camsite (case-insensitive, like the unique index) and finds free ones. */
export interface NicknameRegistry {
  /** A free handle on that camsite for this name; lowercased where the camsite only knows lowercase names. */
  take: (random: Random, camSiteId: number, name: PersonName, type?: NicknameType) => string;
  /** Marks a handle as used (for rows that already exist). */
  add: (camSiteId: number, nickname: string) => void;
  has: (camSiteId: number, nickname: string) => boolean;
}

export function createNicknameRegistry(
  options: { lowercaseCamSiteIds?: readonly number[] } = {},
): NicknameRegistry {
  const taken = new Map<number, Set<string>>();
  const lowercase = new Set(options.lowercaseCamSiteIds ?? []);
  const setOf = (camSiteId: number) => {
    let set = taken.get(camSiteId);
    if (!set) {
      set = new Set();
      taken.set(camSiteId, set);
    }
    return set;
  };
  return {
    take(random, camSiteId, name, type = "solo") {
      const set = setOf(camSiteId);
      const shape = (nickname: string) => (lowercase.has(camSiteId) ? nickname.toLowerCase() : nickname);
      let candidate = shape(generateNickname(random, name, type));
      for (let attempt = 0; set.has(candidate.toLowerCase()) && attempt < 6; attempt++) {
        candidate = shape(generateNickname(random, name, type));
      }
      // Busy names get digits, as real sign-up forms suggest.
      for (let digits = 2; set.has(candidate.toLowerCase()); digits = Math.min(digits + 1, 7)) {
        candidate = shape(
          `${generateNickname(random, name, type)}${random.int(10 ** (digits - 1), 10 ** digits - 1)}`,
        );
      }
      set.add(candidate.toLowerCase());
      return candidate;
    },
    add: (camSiteId, nickname) => void setOf(camSiteId).add(nickname.toLowerCase()),
    has: (camSiteId, nickname) => setOf(camSiteId).has(nickname.toLowerCase()),
  };
}
