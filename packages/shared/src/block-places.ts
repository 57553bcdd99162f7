import { COUNTRIES, findCountry } from "./countries.ts";
import { findRegion, REGIONS } from "./regions.ts";

// The places a model can be hidden from by name: every country and the listed states/regions (ISO 3166-2). Forms
// show names; the API keeps the codes (blocks of type "country" and "state", spec §3).

export interface BlockPlace {
  /** ISO 3166-1 alpha-2 for a country, ISO 3166-2 for a state or region. */
  readonly code: string;
  readonly type: "country" | "state";
  readonly name: string;
  /** The country a region lies in; null for a country. */
  readonly countryName: string | null;
}

/** "California, United States" for a region, the name alone for a country. */
export function placeLabel(place: BlockPlace): string {
  return place.countryName ? `${place.name}, ${place.countryName}` : place.name;
}

export const BLOCK_PLACES: readonly BlockPlace[] = [
  ...COUNTRIES.map((c) => ({ code: c.code, type: "country" as const, name: c.name, countryName: null })),
  ...REGIONS.map((r) => ({
    code: r.code,
    type: "state" as const,
    name: r.name,
    countryName: findCountry(r.countryCode)?.name ?? r.countryCode,
  })),
];

/** Lower case without accents, so "bogota" finds "Bogotá" and "sao paulo" "São Paulo". */
export function foldName(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

const folded = BLOCK_PLACES.map((place) => ({
  place,
  name: foldName(place.name),
  label: foldName(placeLabel(place)),
}));

/**
 * Places whose name matches the query: names starting with it first (countries before regions), then names
 * containing it, then a code typed as such ("DE", "US-CA"). At most `limit`.
 */
export function searchPlaces(query: string, limit = 50): BlockPlace[] {
  const q = foldName(query);
  if (!q) return BLOCK_PLACES.filter((p) => p.type === "country").slice(0, limit);
  const starts: BlockPlace[] = [];
  const contains: BlockPlace[] = [];
  for (const f of folded) {
    if (f.name.startsWith(q)) starts.push(f.place);
    else if (f.label.includes(q)) contains.push(f.place);
  }
  const byCode = findPlace(q);
  const out = [...starts, ...contains];
  if (byCode && !out.includes(byCode)) out.unshift(byCode);
  return out.slice(0, limit);
}

/** The place a code ("de", "US-CA") or an exact name ("Germany", "California, United States") stands for. */
export function findPlace(text: string): BlockPlace | undefined {
  const q = text.trim();
  if (!q) return undefined;
  const region = findRegion(q);
  if (region) return BLOCK_PLACES.find((p) => p.type === "state" && p.code === region.code);
  const country = q.length === 2 ? findCountry(q.toUpperCase()) : undefined;
  if (country) return BLOCK_PLACES.find((p) => p.type === "country" && p.code === country.code);
  const name = foldName(q);
  return (
    folded.find((f) => f.place.type === "country" && f.name === name)?.place ??
    folded.find((f) => f.label === name || f.name === name)?.place
  );
}

/** What the block form says when no place is given or a typed one is unknown. */
export const BLOCK_PLACE_MESSAGES = {
  nonePicked: "Choose at least one country or region.",
  unknown: (text: string) => `No country or region is called “${text}”. Pick one from the list.`,
} as const;
