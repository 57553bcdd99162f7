import { and, asc, count, eq, isNull, ne } from "drizzle-orm";
import type { Database } from "../client.ts";
import { staticPages } from "../schema/pages.ts";

export type StaticPageRow = typeof staticPages.$inferSelect;
export type NewStaticPage = typeof staticPages.$inferInsert;

/** A published page by its slug, for visitors. */
export async function findPublishedPage(db: Database, slug: string): Promise<StaticPageRow | null> {
  const [row] = await db
    .select()
    .from(staticPages)
    .where(and(eq(staticPages.slug, slug), eq(staticPages.isPublished, true), isNull(staticPages.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The published pages linked from the header menu or the footer, in each place's order (then by title). */
export function listNavPages(db: Database) {
  return db
    .select({
      slug: staticPages.slug,
      title: staticPages.title,
      placement: staticPages.navPlacement,
    })
    .from(staticPages)
    .where(
      and(
        ne(staticPages.navPlacement, "none"),
        eq(staticPages.isPublished, true),
        isNull(staticPages.deletedAt),
      ),
    )
    .orderBy(asc(staticPages.navPosition), asc(staticPages.title), asc(staticPages.id));
}

export async function findPageById(db: Database, id: number): Promise<StaticPageRow | null> {
  const [row] = await db
    .select()
    .from(staticPages)
    .where(and(eq(staticPages.id, id), isNull(staticPages.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Any page (also unpublished or deleted) holding the slug: slugs are unique across all rows. */
export async function findPageIdBySlug(db: Database, slug: string): Promise<number | null> {
  const [row] = await db.select({ id: staticPages.id }).from(staticPages).where(eq(staticPages.slug, slug));
  return row?.id ?? null;
}

export async function listPages(db: Database, page: number, perPage: number) {
  const where = isNull(staticPages.deletedAt);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(staticPages)
      .where(where)
      .orderBy(asc(staticPages.slug))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(staticPages).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function insertPage(db: Database, row: NewStaticPage): Promise<StaticPageRow> {
  const [saved] = await db.insert(staticPages).values(row).returning();
  return saved!;
}

export async function updatePage(
  db: Database,
  id: number,
  changes: Partial<NewStaticPage>,
): Promise<StaticPageRow | null> {
  const [saved] = await db
    .update(staticPages)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(staticPages.id, id), isNull(staticPages.deletedAt)))
    .returning();
  return saved ?? null;
}

/** Pages have no references, so a delete removes the row and frees its slug. */
export async function deletePage(db: Database, id: number): Promise<StaticPageRow | null> {
  const [row] = await db.delete(staticPages).where(eq(staticPages.id, id)).returning();
  return row ?? null;
}

/** Adds the pages that are missing (by slug); never overwrites an admin's edits. */
export async function insertMissingPages(db: Database, rows: NewStaticPage[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(staticPages).values(rows).onConflictDoNothing({ target: staticPages.slug });
}
