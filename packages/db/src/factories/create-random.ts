/** A small deterministic random source: the same seed always yields the same demo and benchmark data. */
export interface Random {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both inclusive. */
  int: (min: number, max: number) => number;
  /** True with the given probability. */
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** Picks by weight; `weights[i]` belongs to `items[i]`. */
  weighted: <T>(items: readonly T[], weights: readonly number[]) => T;
  /** A shuffled copy. */
  shuffle: <T>(items: readonly T[]) => T[];
  /** `count` distinct items (or all of them when there are fewer). */
  sample: <T>(items: readonly T[], count: number) => T[];
  /** A new independent stream, so adding draws in one place does not shift another. */
  fork: (label: string) => Random;
}

/** mulberry32: tiny, fast and good enough for test data (not for secrets). */
export function createRandom(seed: number | string): Random {
  let state = typeof seed === "number" ? seed >>> 0 : hashString(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(next() * items.length)] as T;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    weighted: (items, weights) => {
      const total = weights.reduce((sum, w) => sum + w, 0);
      let roll = next() * total;
      for (let i = 0; i < items.length; i++) {
        roll -= weights[i] ?? 0;
        if (roll < 0) return items[i] as (typeof items)[number];
      }
      return items[items.length - 1] as (typeof items)[number];
    },
    shuffle,
    sample: (items, count) => shuffle(items).slice(0, count),
    fork: (label) => createRandom((hashString(label) ^ Math.floor(next() * 4294967296)) >>> 0),
  };
}

/** FNV-1a, to turn string seeds into numbers. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
