import { CAMSITES } from "@camatlas/shared";
import type { Random } from "./create-random.ts";

// Rough share of performers per camsite: the big five of the spec first, then the well-known mid-size sites.
const WEIGHTS: Readonly<Record<number, number>> = {
  33: 30, // Chaturbate
  36: 22, // Stripchat
  12: 14, // MyFreeCams
  2: 12, // LiveJasmin
  18: 8, // Flirt4Free
  3: 8, // BongaCams
  1: 6, // CAM4
  6: 5, // CamSoda
  8: 5, // Streamate
  5: 3, // XLoveCam
  23: 3, // xHamsterLive
  11: 2, // Jerkmate
  14: 2, // CherryTV
};

export const CAMSITE_IDS: readonly number[] = CAMSITES.map((c) => c.id);
export const CAMSITE_WEIGHTS: readonly number[] = CAMSITE_IDS.map((id) => WEIGHTS[id] ?? 0.6);

/** Camsites whose profile addresses only know lowercase names (Chaturbate). */
export const LOWERCASE_CAMSITE_IDS: readonly number[] = CAMSITES.filter((c) => c.lowercaseModelNames).map(
  (c) => c.id,
);

/** `count` different camsites, favouring the big ones. */
export function pickCamsites(random: Random, count: number): number[] {
  const ids = [...CAMSITE_IDS];
  const weights = [...CAMSITE_WEIGHTS];
  const chosen: number[] = [];
  while (chosen.length < count && ids.length > 0) {
    const index = random.weighted(
      ids.map((_, i) => i),
      weights,
    );
    chosen.push(ids[index]!);
    ids.splice(index, 1);
    weights.splice(index, 1);
  }
  return chosen;
}

/** How many nicknames a model has (1–5), most have one to three. */
export function pickNicknameCount(random: Random): number {
  return random.weighted([1, 2, 3, 4, 5], [28, 30, 22, 12, 8]);
}
