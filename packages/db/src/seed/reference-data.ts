import { ACTIVITY_STATUSES, CAMSITES, COUNTRIES, REGIONS, ROLE } from "@camatlas/shared";
import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { camSites } from "../schema/camsites.ts";
import { activityStatuses, countries, regions } from "../schema/reference.ts";
import { roles } from "../schema/users.ts";
import { seedStaticPages } from "./static-pages.ts";

/**
 * Loads the typed reference data of packages/shared (roles, activity statuses, camsites, countries, regions).
 * Idempotent: runs at every start; it adds what is missing and never overwrites admin edits of camsites.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(roles)
      .values(Object.entries(ROLE).map(([name, id]) => ({ id, name })))
      .onConflictDoNothing();
    await tx
      .insert(activityStatuses)
      .values(ACTIVITY_STATUSES.map((s) => ({ id: s.id, key: s.key, name: s.name })))
      .onConflictDoUpdate({
        target: activityStatuses.id,
        set: { key: sql`excluded.key`, name: sql`excluded.name` },
      });
    await tx
      .insert(camSites)
      .values(
        CAMSITES.map((c) => ({
          id: c.id,
          name: c.name,
          slug: c.slug,
          url: c.url,
          modelUrlTemplate: c.modelUrlTemplate,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(countries)
      .values(COUNTRIES.map((c, i) => ({ id: i + 1, countryId: c.code, countryString: c.name })))
      .onConflictDoNothing();
    await tx
      .insert(regions)
      .values(
        REGIONS.map((r, i) => ({
          id: i + 1,
          regionName: r.code,
          countryId: r.countryCode,
          regionString: r.name,
        })),
      )
      .onConflictDoNothing();
    await seedStaticPages(tx);
  });
}
