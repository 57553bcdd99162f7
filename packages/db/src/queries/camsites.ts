import { asc, isNull } from "drizzle-orm";
import type { Database } from "../client.ts";
import { camSites } from "../schema/camsites.ts";

export async function listCamSites(db: Database) {
  return db
    .select({
      id: camSites.id,
      name: camSites.name,
      slug: camSites.slug,
      url: camSites.url,
      headline: camSites.headline,
      priceRange: camSites.priceRange,
      advantages: camSites.advantages,
      disadvantages: camSites.disadvantages,
      knownAccountsCount: camSites.knownAccountsCount,
      activeAccountsCount: camSites.activeAccountsCount,
      modelsRegisteredCount: camSites.modelsRegisteredCount,
      modelsActiveCount: camSites.modelsActiveCount,
    })
    .from(camSites)
    .where(isNull(camSites.deletedAt))
    .orderBy(asc(camSites.id));
}
