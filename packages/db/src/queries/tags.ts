import { asc, count, eq, ilike, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { slugify } from "../factories/person-names.ts";
import { modelTags, tags } from "../schema/models.ts";
import { escapeLike } from "./models.ts";

/** Tags by name, each with how many models carry it. */
export async function listTags(db: Database, filters: { query?: string | undefined } = {}) {
  const query = filters.query?.trim();
  return db
    .select({
      id: tags.id,
      name: tags.name,
      slug: tags.slug,
      page: tags.page,
      modelsCount: sql<number>`(select count(*) from ${modelTags} mt where mt.tag_id = ${tags.id})::int`,
    })
    .from(tags)
    .where(query ? ilike(tags.name, `%${escapeLike(query)}%`) : undefined)
    .orderBy(asc(tags.name));
}

export async function findTagByName(db: Database, name: string) {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(sql`lower(${tags.name}) = ${name.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function insertTag(db: Database, values: { name: string; page: string | null }) {
  const [row] = await db
    .insert(tags)
    .values({ name: values.name, slug: slugify(values.name) || `tag-${Date.now()}`, page: values.page })
    .returning({ id: tags.id, name: tags.name, slug: tags.slug, page: tags.page });
  return row!;
}

export async function updateTag(db: Database, id: number, values: { name?: string; page?: string | null }) {
  const set = { ...values, ...(values.name ? { slug: slugify(values.name) } : {}) };
  const [row] = await db
    .update(tags)
    .set(set)
    .where(eq(tags.id, id))
    .returning({ id: tags.id, name: tags.name, slug: tags.slug, page: tags.page });
  return row ?? null;
}

export async function countTags(db: Database) {
  const [row] = await db.select({ total: count() }).from(tags);
  return Number(row?.total ?? 0);
}
