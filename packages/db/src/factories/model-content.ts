import type { Random } from "./create-random.ts";

export interface ModelFacts {
  name: string;
  age: number | null;
  countryName: string | null;
  city: string | null;
  camSiteNames: string[];
  nicknames: string[];
  tagNames: string[];
}

type Template = (f: ModelFacts) => string | null;

// One group per paragraph slot; the generated text takes one sentence per group, and the chosen indexes are the
// "combination" (spec §3 Model content), so the same combination always rebuilds the same text.
const TEMPLATE_GROUPS: ReadonlyArray<readonly Template[]> = [
  [
    (f) => `${f.name} is a webcam model${f.age ? ` aged ${f.age}` : ""}.`,
    (f) => `Meet ${f.name}, ${f.age ? `a ${f.age}-year-old` : "a"} cam performer fans keep coming back to.`,
    (f) => `${f.name} has been entertaining cam fans for a while now.`,
    (f) => `If you like ${f.name}, this page collects everything known about her.`,
  ],
  [
    (f) => (f.countryName ? `She streams from ${f.city ? `${f.city}, ` : ""}${f.countryName}.` : null),
    (f) => (f.countryName ? `Her home country is ${f.countryName}.` : null),
    (f) => (f.city ? `She lives in ${f.city}.` : null),
    // Only when the profile shows no place: the text never contradicts the profile beside it.
    (f) => (f.countryName || f.city ? null : "She prefers to keep her location private."),
  ],
  [
    (f) => `You can find her on ${list(unique(f.camSiteNames))}.`,
    (f) => {
      const sites = unique(f.camSiteNames);
      return `She performs on ${sites.length} ${sites.length === 1 ? "site" : "sites"}: ${list(sites)}.`;
    },
    (f) => {
      const nicknames = unique(f.nicknames);
      return nicknames.length === 1
        ? `Her known nickname is ${nicknames[0]}.`
        : `Her known nicknames are ${list(nicknames)}.`;
    },
    (f) => `Look for ${f.nicknames[0] ?? f.name} on ${f.camSiteNames[0] ?? "her favourite camsite"}.`,
  ],
  [
    (f) => (f.tagNames.length ? `Fans describe her as ${list(f.tagNames.slice(0, 3))}.` : null),
    (f) => (f.tagNames.length ? `Her shows are tagged ${list(f.tagNames)}.` : null),
    () => "Her shows mix chatting, dancing and teasing.",
    () => "She is friendly in free chat and loves regulars.",
  ],
  [
    () => "Check her stats to see when she is usually online.",
    () => "Rate her and leave a comment if you enjoyed her show.",
    (f) => `Follow ${f.name} to know when she goes live.`,
    () => "Compare her activity across sites on the stats tab.",
  ],
];

export function renderModelContent(facts: ModelFacts, combination: readonly number[]): string {
  return TEMPLATE_GROUPS.map((group, i) => group[combination[i] ?? 0]?.(facts))
    .filter((sentence): sentence is string => Boolean(sentence))
    .join(" ");
}

/** Picks one sentence per group and renders them; returns the text with the indexes used. */
export function buildModelContent(
  random: Random,
  facts: ModelFacts,
): { generatedText: string; combination: number[] } {
  const combination = TEMPLATE_GROUPS.map((group) => random.int(0, group.length - 1));
  return { generatedText: renderModelContent(facts, combination), combination };
}

/** Each name once, in first-seen order (a nickname on two camsites is one nickname). */
function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
