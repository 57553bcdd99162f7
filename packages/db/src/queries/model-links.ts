import type { LinkCategory, LinkContains } from "@camatlas/shared";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../client.ts";
import { modelLinks } from "../schema/models.ts";

export interface NewModelLink {
  modelId: number;
  label: string;
  url: string;
  category: LinkCategory;
  contains: LinkContains;
  userId: number | null;
}

export async function insertModelLinks(db: Database, links: NewModelLink[]) {
  if (links.length === 0) return [];
  return db.insert(modelLinks).values(links).returning({
    id: modelLinks.id,
    modelId: modelLinks.modelId,
    label: modelLinks.label,
    url: modelLinks.url,
    category: modelLinks.category,
    contains: modelLinks.contains,
    status: modelLinks.status,
    createdAt: modelLinks.createdAt,
  });
}

export async function findModelLink(db: Database, id: number) {
  const [row] = await db
    .select({ id: modelLinks.id, modelId: modelLinks.modelId, userId: modelLinks.userId })
    .from(modelLinks)
    .where(and(eq(modelLinks.id, id), isNull(modelLinks.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function softDeleteModelLink(db: Database, id: number) {
  await db.update(modelLinks).set({ deletedAt: new Date() }).where(eq(modelLinks.id, id));
}
