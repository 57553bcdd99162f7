import { eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { modelBlocks, models } from "../schema/models.ts";

/** Who is looking at a model, and where from: drives page_visible_for and geo/IP blocks in every read. */
export interface ModelViewer {
  userId: number | null;
  isAdmin: boolean;
  /** ISO 3166-1 alpha-2 of the visitor's IP, when known. */
  country?: string | null;
  /** ISO 3166-2 code (e.g. US-WA) of the visitor's IP, when known. */
  region?: string | null;
  /** The visitor's IP, only when it is a valid address. */
  ip?: string | null;
}

export const GUEST_VIEWER: ModelViewer = { userId: null, isAdmin: false };

/**
 * SQL condition on `models`: the viewer may see the model. Admins see everything; the bound camgirl sees her own;
 * others pass page_visible_for and none of the model's blocks may match their country, region or IP.
 */
export function modelVisibleTo(viewer: ModelViewer = GUEST_VIEWER): SQL | undefined {
  if (viewer.isAdmin) return undefined;
  return sql`(${ownModel(viewer)} or (${openTo(viewer)}))`;
}

/**
 * The model page's rule as one SQL condition, for every place that names a model outside the catalog lists (a
 * user's models on her profile): not deleted or merged; admins see every one, the bound camgirl her own, anyone
 * else a visible model whose page_visible_for and blocks let them in. Twin of the page's check (models/service.ts).
 */
export function modelPageVisibleTo(viewer: ModelViewer = GUEST_VIEWER): SQL {
  const exists = sql`${models.deletedAt} is null and ${models.mergedIntoModelId} is null`;
  if (viewer.isAdmin) return exists;
  return sql`(${exists} and (${ownModel(viewer)} or (${models.isVisible} and ${openTo(viewer)})))`;
}

const ownModel = (viewer: ModelViewer) =>
  viewer.userId !== null ? sql`${models.userId} = ${viewer.userId}` : sql`false`;

/** page_visible_for lets the viewer in and none of the model's blocks matches their country, region or IP. */
function openTo(viewer: ModelViewer): SQL {
  const page =
    viewer.userId !== null
      ? sql`${models.pageVisibleFor} in ('everyone', 'only_registered_users')`
      : sql`${models.pageVisibleFor} = 'everyone'`;
  const matches: SQL[] = [];
  if (viewer.country) matches.push(sql`(b.blockable_type = 'country' and b.location = ${viewer.country})`);
  if (viewer.region) matches.push(sql`(b.blockable_type = 'state' and b.location = ${viewer.region})`);
  // CASE keeps the inet cast away from country and state rows (AND does not promise an evaluation order).
  if (viewer.ip)
    matches.push(
      sql`(case when b.blockable_type = 'ip' then ${viewer.ip}::inet <<= b.location::inet else false end)`,
    );
  const notBlocked = matches.length
    ? sql` and not exists (select 1 from model_blocks b where b.model_id = ${models.id} and (${sql.join(matches, sql` or `)}))`
    : sql``;
  return sql`${page}${notBlocked}`;
}

/**
 * Every distinct IP/CIDR some model is blocked for. The site's guest page cache keeps this list in memory and
 * never serves a shared page to a visitor one of them matches.
 */
export async function listIpBlockLocations(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ location: modelBlocks.location })
    .from(modelBlocks)
    .where(eq(modelBlocks.blockableType, "ip"));
  return rows.map((r) => r.location);
}
