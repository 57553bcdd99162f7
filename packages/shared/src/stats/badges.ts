// MyFreeCams badges 1–15 (spec §9: icons exist for these ids), as the stats pages name and explain them.
// MyFreeCams reports a badge as a number with a month; CamAtlas reads the numbers as a ladder of CamScore rank
// tiers, badge 1 the highest: a badge is earned for the best rank she held in that month, and a miss is a tier she
// held during the month but lost before it closed. docs/decisions/0034-stats-calendar-and-badges.md says why.

import { formatCount } from "../utc-format.ts";

export interface BadgeMeaning {
  id: number;
  /** Short name, e.g. "Top 10". */
  name: string;
  /** What the icon shows: the tier's rank in a few characters. */
  short: string;
  /** The rank at or above which the badge is earned. */
  rank: number;
  /** Medal colour family. */
  tier: "gold" | "silver" | "bronze" | "blue";
}

const LADDER: ReadonlyArray<[number, string, BadgeMeaning["tier"]]> = [
  [1, "1", "gold"],
  [3, "3", "gold"],
  [5, "5", "gold"],
  [10, "10", "silver"],
  [25, "25", "silver"],
  [50, "50", "silver"],
  [100, "100", "bronze"],
  [200, "200", "bronze"],
  [300, "300", "bronze"],
  [500, "500", "bronze"],
  [750, "750", "blue"],
  [1000, "1k", "blue"],
  [1500, "1.5k", "blue"],
  [2000, "2k", "blue"],
  [3000, "3k", "blue"],
];

export const MFC_BADGES: readonly BadgeMeaning[] = LADDER.map(([rank, short, tier], i) => ({
  id: i + 1,
  name: rank === 1 ? "Number one" : `Top ${formatCount(rank)}`,
  short,
  rank,
  tier,
}));

/** The badge's meaning, or null for an id outside 1–15. */
export function badgeMeaning(badgeId: number): BadgeMeaning | null {
  return MFC_BADGES[badgeId - 1] ?? null;
}

/** One sentence explaining a badge, e.g. "Ranked in the top 10 by CamScore on MyFreeCams during the month." */
export function badgeExplanation(badgeId: number): string {
  const badge = badgeMeaning(badgeId);
  if (!badge) return `Badge ${badgeId}: MyFreeCams does not say what it stands for.`;
  return badge.rank === 1
    ? "Ranked number one by CamScore on MyFreeCams during the month."
    : `Ranked in the top ${formatCount(badge.rank)} by CamScore on MyFreeCams during the month.`;
}

/** The name shown for a badge id: "Top 10", or "Badge 16" for an id without a meaning. */
export function badgeName(badgeId: number): string {
  return badgeMeaning(badgeId)?.name ?? `Badge ${badgeId}`;
}

export const BADGES_INTRO =
  "MyFreeCams awards badges by month for the CamScore rank a model reaches: from Number one down to the top 3,000. A miss is a badge she held during a month but lost before it ended.";
