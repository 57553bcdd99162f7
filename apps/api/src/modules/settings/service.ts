import { countSiteNumbers, type Database, type SettingRow } from "@camatlas/db";
import { HOME_NUMBER_LABELS, productText } from "@camatlas/shared";
import {
  SETTING_DEFAULTS,
  SETTING_NAMES,
  SETTING_SCHEMAS,
  type SettingName,
} from "@camatlas/shared/schemas/settings";
import { createTtlCache } from "../../lib/ttl-cache.ts";

type StoredName = Exclude<SettingName, "home_numbers">;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `{product}` in default texts becomes the configured product name. */
function withProduct<T>(value: T, productName: string): T {
  if (typeof value === "string") return productText(value, productName) as T;
  if (Array.isArray(value)) return value.map((item) => withProduct(item, productName)) as T;
  if (isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withProduct(v, productName)])) as T;
  return value;
}

export function defaultValue(name: StoredName, productName: string): unknown {
  return withProduct(SETTING_DEFAULTS[name], productName);
}

/**
 * The value a setting has now: the stored one over the defaults (so fields added later still get a value). A
 * stored value that no longer fits the schema falls back to the default rather than breaking every page.
 */
export function effectiveValue(name: StoredName, row: SettingRow | undefined, productName: string): unknown {
  const fallback = defaultValue(name, productName);
  if (!row) return fallback;
  const candidate =
    isPlainObject(fallback) && isPlainObject(row.value) ? { ...fallback, ...row.value } : row.value;
  const parsed = SETTING_SCHEMAS[name].safeParse(candidate);
  return parsed.success ? parsed.data : fallback;
}

/** What an update asks for: object values may be partial and land on top of the current value. */
export function mergedUpdate(current: unknown, incoming: unknown): unknown {
  return isPlainObject(current) && isPlainObject(incoming) ? { ...current, ...incoming } : incoming;
}

// "{product} in numbers" is computed, never stored; a minute of staleness spares four counts per page view.
const numbersByDb = new WeakMap<
  Database,
  ReturnType<typeof createTtlCache<Awaited<ReturnType<typeof countSiteNumbers>>>>
>();

export async function homeNumbers(db: Database) {
  const cache = numbersByDb.get(db) ?? createTtlCache(60_000, 1);
  numbersByDb.set(db, cache);
  const counts = await cache.get("numbers", () => countSiteNumbers(db));
  return (Object.keys(HOME_NUMBER_LABELS) as (keyof typeof HOME_NUMBER_LABELS)[]).map((key) => ({
    label: HOME_NUMBER_LABELS[key],
    value: counts[key],
  }));
}

export const STORED_SETTING_NAMES = SETTING_NAMES.filter(
  (name): name is StoredName => name !== "home_numbers",
);
export type { StoredName };
