import { createRandom } from "./create-random.ts";

// The face of one demo model, drawn from her seed (the model's slug): everything that makes her recognisable —
// face shape, skin, hair, eyes, lips, accessories — and her room, which her live snapshots share. The avatar and every
// snapshot are drawn from the same traits; only the scene (framing, light, pose) changes.

export const FACE_SHAPES = ["oval", "heart", "round", "long"] as const;
export const HAIR_STYLES = ["long", "wavy", "bob", "ponytail", "bun", "curly", "bangs", "pixie"] as const;
export const ACCESSORIES = ["none", "hoops", "studs", "glasses", "choker", "headband", "flower"] as const;
export const ROOMS = ["bedroom", "fairy-lights", "shelf", "studio"] as const;
export const TOPS = ["tee", "camisole", "hoodie", "sweater", "off-shoulder"] as const;

export interface PortraitTraits {
  seed: string;
  faceShape: (typeof FACE_SHAPES)[number];
  /** Half the face's width in figure units (the head is drawn around x = 100). */
  faceWidth: number;
  skin: string;
  hairColor: string;
  hairStyle: (typeof HAIR_STYLES)[number];
  /** The side her parting falls to: -1 left, 1 right. */
  parting: -1 | 1;
  eyeColor: string;
  eyeSize: number;
  lipColor: string;
  lipFullness: number;
  browColor: string;
  browArch: number;
  accessory: (typeof ACCESSORIES)[number];
  accessoryColor: string;
  top: (typeof TOPS)[number];
  topColor: string;
  freckles: boolean;
  beautyMark: boolean;
  /** The avatar's studio background. */
  backdrop: readonly [string, string];
  room: (typeof ROOMS)[number];
  wall: string;
  /** The LED strip or fairy lights of her room. */
  glow: string;
}

const SKINS = ["#f8dcc8", "#f1c7a7", "#e6b08b", "#d49a72", "#b97c55", "#98603d", "#77462a", "#f5d0b5"];
const HAIR_NATURAL = ["#1b1412", "#2e1d16", "#4a2c1d", "#6b4026", "#8c5a2e", "#b07a3c", "#d9b26a", "#ead39c"];
const HAIR_VIVID = ["#9e2f26", "#c0552a", "#d67aa6", "#8e7cc3", "#5b8fd1", "#e8e3da"];
const EYES = ["#5a3a22", "#7a5230", "#6b7a3a", "#3f7a6a", "#4f7bb0", "#6e7b86"];
const LIPS = ["#c77a72", "#b85c6a", "#a8324a", "#8e2c48", "#d4746a", "#c2596f", "#9b4a4a"];
const ACCENTS = ["#e6c15a", "#d9d9e3", "#ef6fa8", "#8b5cf6", "#22d3ee", "#f97316", "#111827"];
const TOP_COLORS = [
  "#1f2937",
  "#be185d",
  "#7c3aed",
  "#0f766e",
  "#f1f5f9",
  "#0f172a",
  "#9d174d",
  "#1e3a8a",
  "#b45309",
];
const BACKDROPS = [
  ["#3b1d4a", "#b0467a"],
  ["#1c2541", "#5b6ee1"],
  ["#4a1f2b", "#e07a5f"],
  ["#123c3a", "#3fb6a8"],
  ["#2b1b3d", "#8e6cf0"],
  ["#3d2a1a", "#e0a458"],
  ["#1a1f2e", "#e05f9a"],
  ["#2a1630", "#f08fc0"],
] as const;
const WALLS = ["#2a2238", "#3a2430", "#1f2a3a", "#34302c", "#2c3a34", "#3b2b45", "#2f2a3f"];
const GLOWS = ["#ff4fa3", "#a855f7", "#38bdf8", "#f472b6", "#fb923c", "#34d399", "#e879f9"];

/** Hair colours her catalog tags may name, and the skin tones the catalog's origin tags stand for. */
export const HAIR_TAGS = ["blonde", "brunette", "redhead", "black hair"] as const;
export const SKIN_TAGS = ["white", "asian", "latina", "ebony"] as const;
export type HairTag = (typeof HAIR_TAGS)[number];
export type SkinTag = (typeof SKIN_TAGS)[number];

/** What her tags say of her looks; null where no tag says anything (the seed decides). */
export interface PortraitLooks {
  hair: HairTag | null;
  skin: SkinTag | null;
}

export const HAIR_BY_TAG: Record<HairTag, readonly string[]> = {
  blonde: ["#d9b26a", "#ead39c", "#c89b4e", "#e6c786"],
  brunette: ["#4a2c1d", "#6b4026", "#8c5a2e", "#5a3622"],
  redhead: ["#9e2f26", "#c0552a", "#a8432b", "#b5562f"],
  "black hair": ["#1b1412", "#2e1d16", "#231a17"],
};
export const SKIN_BY_TAG: Record<SkinTag, readonly string[]> = {
  white: ["#f8dcc8", "#f5d0b5", "#f1c7a7"],
  asian: ["#f3d3b4", "#eac29c", "#e6b08b"],
  latina: ["#e6b08b", "#d49a72", "#c68760"],
  ebony: ["#98603d", "#77462a", "#5e3820"],
};
const DARK_SKINS = new Set(["#98603d", "#77462a", "#5e3820", "#b97c55"]);

const HAIR_WORDS: Record<string, HairTag> = {
  blonde: "blonde",
  blond: "blonde",
  brunette: "brunette",
  redhead: "redhead",
  ginger: "redhead",
  "black hair": "black hair",
};
const SKIN_WORDS: Record<string, SkinTag> = {
  white: "white",
  caucasian: "white",
  asian: "asian",
  latina: "latina",
  ebony: "ebony",
  black: "ebony",
};

/** Her looks from her tags (names or slugs, any case); the first tag of each kind counts. */
export function portraitLooksFromTags(tags: readonly string[]): PortraitLooks {
  let hair: HairTag | null = null;
  let skin: SkinTag | null = null;
  for (const tag of tags) {
    const word = tag.trim().toLowerCase().replace(/[-_]+/g, " ");
    hair ??= HAIR_WORDS[word] ?? null;
    skin ??= SKIN_WORDS[word] ?? null;
  }
  return { hair, skin };
}

/**
 * Her face and room from her seed; the same seed always gives the same traits. Her tags' hair colour and skin, when
 * given, choose the shade within that colour (still from her seed); the rest of her face does not change with them.
 */
export function portraitTraits(seed: string, looks?: PortraitLooks | null): PortraitTraits {
  const random = createRandom(`portrait:${seed}`);
  // The draws below always happen in this order, so a face without tags is the one it always was.
  const drawnSkin = random.pick(SKINS);
  const drawnDark = SKINS.indexOf(drawnSkin) >= 5;
  const drawnHair = random.chance(0.2) ? random.pick(HAIR_VIVID) : random.pick(HAIR_NATURAL);
  const hairStyle = drawnDark && random.chance(0.35) ? "curly" : random.pick(HAIR_STYLES);
  const shade = createRandom(`portrait-looks:${seed}`);
  const skin = looks?.skin ? shade.pick(SKIN_BY_TAG[looks.skin]) : drawnSkin;
  const hairColor = looks?.hair ? shade.pick(HAIR_BY_TAG[looks.hair]) : drawnHair;
  const darkSkin = looks?.skin ? DARK_SKINS.has(skin) : drawnDark;
  const faceShape = random.pick(FACE_SHAPES);
  const browColor = HAIR_VIVID.includes(hairColor) ? "#3b2a22" : hairColor;
  return {
    seed,
    faceShape,
    faceWidth: { oval: 37, heart: 39, round: 40, long: 35 }[faceShape] + random.int(-1, 1),
    skin,
    hairColor,
    hairStyle,
    parting: random.chance(0.5) ? -1 : 1,
    eyeColor: random.pick(EYES),
    eyeSize: 0.9 + random.next() * 0.25,
    lipColor: random.pick(LIPS),
    lipFullness: 0.85 + random.next() * 0.35,
    browColor,
    browArch: 2 + random.next() * 3,
    accessory: random.weighted(ACCESSORIES, [3, 3, 2, 2, 1.5, 1, 1]),
    accessoryColor: random.pick(ACCENTS),
    top: random.pick(TOPS),
    topColor: random.pick(TOP_COLORS),
    freckles: !drawnDark && random.chance(0.2) && !darkSkin,
    beautyMark: random.chance(0.25),
    backdrop: random.pick(BACKDROPS),
    room: random.pick(ROOMS),
    wall: random.pick(WALLS),
    glow: random.pick(GLOWS),
  };
}
