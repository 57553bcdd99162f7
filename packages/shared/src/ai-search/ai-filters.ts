import { z } from "zod";
import { ACTIVITY_STATUS_KEYS, type ActivityStatusKey } from "../activity-statuses.ts";
import { MODEL_GENDERS, type ModelGender } from "../enums.ts";

// What a plain-words search understood (decision 0032): filters over the catalog's own facts. Each list holds
// alternatives (any camsite of `camsites`), tags are all required; `text` keeps the words nothing understood.

/** Hours of the day in the visitor's time zone, `to` exclusive; a window past midnight has `to` < `from`. */
export const hourWindowSchema = z.object({
  from: z.number().int().min(0).max(23),
  to: z.number().int().min(0).max(24),
});
export type HourWindow = z.output<typeof hourWindowSchema>;

const range = z.number().nullable();

export const aiFiltersSchema = z.object({
  camsites: z.array(z.number().int()),
  countries: z.array(z.string()),
  regions: z.array(z.string()),
  tags: z.array(z.string()),
  genders: z.array(z.enum(MODEL_GENDERS)),
  /** Show types she is in right now (private, group…). */
  statuses: z.array(z.enum(ACTIVITY_STATUS_KEYS as [ActivityStatusKey, ...ActivityStatusKey[]])),
  online_now: z.boolean(),
  usually_online: hourWindowSchema.nullable(),
  age_min: range,
  age_max: range,
  rating_min: range,
  rating_max: range,
  camscore_min: range,
  camscore_max: range,
  /** Added to the catalog on or after this day (YYYY-MM-DD). */
  new_since: z.string().nullable(),
  text: z.array(z.string()),
});
export type AiFilters = z.output<typeof aiFiltersSchema>;

export function emptyFilters(): AiFilters {
  return {
    camsites: [],
    countries: [],
    regions: [],
    tags: [],
    genders: [],
    statuses: [],
    online_now: false,
    usually_online: null,
    age_min: null,
    age_max: null,
    rating_min: null,
    rating_max: null,
    camscore_min: null,
    camscore_max: null,
    new_since: null,
    text: [],
  };
}

/** Lists sorted and without repeats: two filter sets are the same when their canonical forms are equal. */
export function canonicalFilters(filters: AiFilters): AiFilters {
  const uniq = <T>(list: readonly T[]) => [...new Set(list)].sort() as T[];
  return {
    ...filters,
    camsites: [...new Set(filters.camsites)].sort((a, b) => a - b),
    countries: uniq(filters.countries),
    regions: uniq(filters.regions),
    tags: uniq(filters.tags),
    genders: uniq(filters.genders) as ModelGender[],
    statuses: uniq(filters.statuses),
    text: [...new Set(filters.text)],
  };
}

export function hasAnyFilter(filters: AiFilters): boolean {
  const f = filters;
  return (
    f.camsites.length + f.countries.length + f.regions.length + f.tags.length + f.genders.length > 0 ||
    f.statuses.length + f.text.length > 0 ||
    f.online_now ||
    [f.usually_online, f.age_min, f.age_max, f.rating_min, f.rating_max, f.camscore_min, f.camscore_max].some(
      (v) => v !== null,
    ) ||
    f.new_since !== null
  );
}
