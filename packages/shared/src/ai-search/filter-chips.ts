import { ACTIVITY_STATUSES, type ActivityStatusKey } from "../activity-statuses.ts";
import { findCamsiteById } from "../camsites.ts";
import { COUNTRIES } from "../countries.ts";
import type { ModelGender } from "../enums.ts";
import { REGIONS } from "../regions.ts";
import type { AiFilters, HourWindow } from "./ai-filters.ts";
import { foldText } from "./fuzzy-match.ts";
import type { Vocabulary, VocabularyTag } from "./vocabulary.ts";

// The understood query as chips: each filter with a label to show and the phrase that means it. The phrases joined
// are a query that parses back to the same filters, so removing or editing a chip is writing the query anew.

export interface FilterChip {
  /** Stable within one query: which filter the chip holds. */
  key: string;
  label: string;
  /** Words that parse to exactly this filter (the chip's editable text). */
  phrase: string;
}

const GENDER_PHRASES: Record<ModelGender, string> = {
  female: "girls",
  male: "guys",
  trans: "trans",
  couple: "couples",
  unknown: "",
};
const GENDER_LABELS: Record<ModelGender, string> = {
  female: "Women",
  male: "Men",
  trans: "Trans",
  couple: "Couples",
  unknown: "Unknown",
};
const STATUS_PHRASES: Partial<Record<ActivityStatusKey, string>> = {
  private: "private show",
  true_private: "true private",
  semiprivate: "semiprivate",
  group: "group show",
  free_chat: "free chat",
  gold_show: "gold show",
  vip: "vip show",
  happy_hour: "happy hour",
  party: "party show",
};

const hh = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
export const hourWindowText = (w: HourWindow) => `${hh(w.from)}–${hh(w.to)}`;

function rangePhrase(min: number | null, max: number | null, unit: (n: number) => string, prefix = "") {
  if (min !== null && max !== null)
    return `${prefix}between ${min} and ${max}${unit(max) ? ` ${unit(max)}` : ""}`;
  if (min !== null) return `${prefix}over ${min}${unit(min) ? ` ${unit(min)}` : ""}`;
  return `${prefix}under ${max}${unit(max!) ? ` ${unit(max!)}` : ""}`;
}

function rangeLabel(name: string, min: number | null, max: number | null) {
  if (min !== null && max !== null) return min === max ? `${name} ${min}` : `${name} ${min}–${max}`;
  return min !== null ? `${name} ≥ ${min}` : `${name} ≤ ${max}`;
}

/** A tag's phrase: its name when that reads back as the tag, else the explicit `tag:slug`. */
function tagPhrase(slug: string, tags: readonly VocabularyTag[], vocabulary: Vocabulary) {
  const tag = tags.find((t) => t.slug === slug);
  const meaning = tag ? vocabulary.terms.get(foldText(tag.name)) : undefined;
  return tag && meaning?.kind === "tag" && meaning.slug === slug ? tag.name : `tag:${slug}`;
}

/** The chips of a filter set, in the order the page shows them. */
export function filterChips(
  filters: AiFilters,
  tags: readonly VocabularyTag[],
  vocabulary: Vocabulary,
): FilterChip[] {
  const chips: FilterChip[] = [];
  for (const gender of filters.genders)
    chips.push({ key: `gender:${gender}`, label: GENDER_LABELS[gender], phrase: GENDER_PHRASES[gender] });
  for (const slug of filters.tags)
    chips.push({
      key: `tag:${slug}`,
      label: `Tag: ${tags.find((t) => t.slug === slug)?.name ?? slug}`,
      phrase: tagPhrase(slug, tags, vocabulary),
    });
  for (const id of filters.camsites) {
    const name = findCamsiteById(id)?.name ?? String(id);
    chips.push({ key: `camsite:${id}`, label: `On ${name}`, phrase: `on ${name}` });
  }
  for (const code of filters.countries) {
    const name = COUNTRIES.find((c) => c.code === code)?.name ?? code;
    chips.push({ key: `country:${code}`, label: `From ${name}`, phrase: `from ${name}` });
  }
  for (const code of filters.regions) {
    const name = REGIONS.find((r) => r.code === code)?.name ?? code;
    chips.push({ key: `region:${code}`, label: `In ${name}`, phrase: `in ${name}` });
  }
  for (const status of filters.statuses) {
    const name = ACTIVITY_STATUSES.find((s) => s.key === status)?.name ?? status;
    const phrase = STATUS_PHRASES[status];
    if (phrase) chips.push({ key: `status:${status}`, label: `In a ${name.toLowerCase()} show now`, phrase });
  }
  if (filters.online_now) chips.push({ key: "online_now", label: "Online now", phrase: "online now" });
  if (filters.usually_online)
    chips.push({
      key: "usually_online",
      label: `Usually online ${hourWindowText(filters.usually_online)} (your time)`,
      phrase: `usually online between ${hh(filters.usually_online.from)} and ${hh(filters.usually_online.to)}`,
    });
  if (filters.age_min !== null || filters.age_max !== null)
    chips.push({
      key: "age",
      label: rangeLabel("Age", filters.age_min, filters.age_max),
      phrase:
        filters.age_min !== null && filters.age_max !== null
          ? `aged ${filters.age_min}-${filters.age_max}`
          : rangePhrase(filters.age_min, filters.age_max, () => "years"),
    });
  if (filters.rating_min !== null || filters.rating_max !== null)
    chips.push({
      key: "rating",
      label: rangeLabel("Rating", filters.rating_min, filters.rating_max),
      phrase: rangePhrase(filters.rating_min, filters.rating_max, () => "stars"),
    });
  if (filters.camscore_min !== null || filters.camscore_max !== null)
    chips.push({
      key: "camscore",
      label: rangeLabel("CamScore", filters.camscore_min, filters.camscore_max),
      phrase: rangePhrase(filters.camscore_min, filters.camscore_max, () => "", "camscore "),
    });
  if (filters.new_since)
    chips.push({
      key: "new_since",
      label: `New since ${filters.new_since}`,
      phrase: `new since ${filters.new_since}`,
    });
  if (filters.text.length)
    chips.push({ key: "text", label: `Words: ${filters.text.join(" ")}`, phrase: filters.text.join(" ") });
  return chips;
}
