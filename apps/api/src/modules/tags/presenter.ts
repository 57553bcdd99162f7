import type { TagReply } from "@camatlas/shared/api-contract";

interface TagRow {
  id: number;
  name: string;
  slug: string;
  page: string | null;
  modelsCount?: number;
}

/** A tag as the API shows it. */
export function presentTag(row: TagRow): TagReply {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    page: row.page,
    ...(row.modelsCount === undefined ? {} : { models_count: row.modelsCount }),
  };
}
