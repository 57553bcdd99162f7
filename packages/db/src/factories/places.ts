import { COUNTRIES, REGIONS } from "@camatlas/shared";
import type { Random } from "./create-random.ts";

export interface Place {
  country: string;
  region: string | null;
  city: string;
}

type CityRow = readonly [city: string, region?: string];

function citiesOf(list: string): CityRow[] {
  return list.split(", ").map((entry) => entry.split(":") as unknown as CityRow);
}

/** Where cam models mostly live, by rough share, with a few cities each (region codes where shared knows them). */
// "City:REGION" lists keep one country per line; the region code is optional.
const MODEL_COUNTRIES: ReadonlyArray<readonly [code: string, weight: number, cities: string]> = [
  ["CO", 24, "Medellín:CO-ANT, Bogotá:CO-DC, Cali:CO-VAC, Barranquilla:CO-ATL, Pereira:CO-RIS"],
  ["RO", 12, "Bucharest:RO-B, Cluj-Napoca:RO-CJ, Timișoara:RO-TM, Iași:RO-IS"],
  ["US", 12, "Los Angeles:US-CA, Miami:US-FL, Las Vegas:US-NV, New York:US-NY, Austin:US-TX, Chicago:US-IL"],
  ["RU", 8, "Moscow, Saint Petersburg, Novosibirsk, Yekaterinburg"],
  ["UA", 6, "Kyiv, Kharkiv, Odesa, Lviv"],
  ["GB", 5, "London:GB-ENG, Manchester:GB-ENG, Birmingham:GB-ENG, Glasgow:GB-SCT"],
  ["DE", 4, "Berlin:DE-BE, Hamburg:DE-HH, Munich:DE-BY, Cologne:DE-NW"],
  ["CA", 3, "Toronto:CA-ON, Montreal:CA-QC, Vancouver:CA-BC"],
  ["PH", 3, "Manila, Cebu City"],
  ["BR", 3, "São Paulo, Rio de Janeiro"],
  ["HU", 2, "Budapest, Debrecen"],
  ["CZ", 2, "Prague, Brno"],
  ["ES", 2, "Madrid, Barcelona"],
  ["MX", 2, "Mexico City, Guadalajara"],
  ["AR", 2, "Buenos Aires, Córdoba"],
  ["VE", 2, "Caracas, Maracaibo"],
  ["PL", 2, "Warsaw, Kraków"],
  ["IT", 1, "Rome, Milan"],
  ["FR", 1, "Paris, Lyon"],
  ["AU", 1, "Sydney:AU-NSW, Melbourne:AU-VIC"],
  ["TH", 1, "Bangkok, Pattaya"],
  ["MD", 1, "Chișinău"],
  ["LV", 1, "Riga"],
  ["BG", 1, "Sofia, Plovdiv"],
  ["NL", 1, "Amsterdam, Rotterdam"],
  ["JP", 1, "Tokyo"],
];

/** Where fans live: mostly the big western markets. */
const USER_COUNTRIES = [
  "US",
  "US",
  "US",
  "GB",
  "DE",
  "CA",
  "AU",
  "NL",
  "FR",
  "IT",
  "ES",
  "SE",
  "PL",
  "BR",
  "MX",
] as const;

const knownCountries = new Set(COUNTRIES.map((c) => c.code));
const knownRegions = new Set(REGIONS.map((r) => r.code));
const usable = MODEL_COUNTRIES.filter(([code]) => knownCountries.has(code)).map(
  ([code, weight, cities]) => [code, weight, citiesOf(cities)] as const,
);
const weights = usable.map(([, weight]) => weight);

export function pickModelPlace(random: Random): Place {
  const [country, , cities] = random.weighted(usable, weights);
  const [city, region] = random.pick(cities);
  return { country, city, region: region && knownRegions.has(region) ? region : null };
}

export function pickUserPlace(random: Random): Place {
  const code = random.pick(USER_COUNTRIES.filter((c) => knownCountries.has(c)));
  const known = usable.find(([c]) => c === code);
  const [city, region] = known
    ? random.pick(known[2])
    : ([random.pick(["Stockholm", "Gothenburg"])] as CityRow);
  return { country: code, city, region: region && knownRegions.has(region) ? region : null };
}
