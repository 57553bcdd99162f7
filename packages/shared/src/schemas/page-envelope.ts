import { z } from "zod";

// One envelope for every list (spec §3 "Page wrapper"): { data, total, current_page, last_page, meta }.

const defaultMetaSchema = z.record(z.string(), z.unknown());

/** Response schema of a list of `itemSchema`; `meta` is a free record unless a schema is given. */
export function pageEnvelope<Item extends z.ZodType, Meta extends z.ZodType = typeof defaultMetaSchema>(
  itemSchema: Item,
  metaSchema?: Meta,
) {
  return z.object({
    data: z.array(itemSchema),
    total: z.number().int().nonnegative(),
    current_page: z.number().int().min(1),
    last_page: z.number().int().min(1),
    meta: (metaSchema ?? defaultMetaSchema) as Meta,
  });
}

export interface PageEnvelope<Item, Meta = Record<string, unknown>> {
  data: Item[];
  total: number;
  current_page: number;
  last_page: number;
  meta: Meta;
}

/** Number of pages for a total; an empty list still has one (empty) page. */
export function lastPageOf(total: number, perPage: number): number {
  if (perPage <= 0) return 1;
  return Math.max(1, Math.ceil(total / perPage));
}

export function toPageEnvelope<Item, Meta = Record<string, unknown>>(
  items: Item[],
  total: number,
  page: number,
  perPage: number,
  meta?: Meta,
): PageEnvelope<Item, Meta> {
  return {
    data: items,
    total,
    current_page: Math.max(1, page),
    last_page: lastPageOf(total, perPage),
    meta: meta ?? ({} as Meta),
  };
}

/** Row offset of a page for SQL OFFSET. */
export function pageOffset(page: number, perPage: number): number {
  return (Math.max(1, page) - 1) * perPage;
}
