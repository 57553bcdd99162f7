import type { Database } from "../client.ts";
import { modelLinks } from "../schema/models.ts";
import type { Random } from "./create-random.ts";

export type NewModelLink = typeof modelLinks.$inferInsert;
export type ModelLinkRow = typeof modelLinks.$inferSelect;

type LinkKind = {
  category: NonNullable<NewModelLink["category"]>;
  contains: NonNullable<NewModelLink["contains"]>;
  label: string;
  url: (handle: string) => string;
};

// Invented handles on plausible domains; the handles derive from generated nicknames, never real people.
const LINK_KINDS: readonly LinkKind[] = [
  {
    category: "social_network",
    contains: "text_only",
    label: "Twitter",
    url: (h) => `https://twitter.com/${h}`,
  },
  { category: "social_network", contains: "text_only", label: "X", url: (h) => `https://x.com/${h}` },
  {
    category: "social_network",
    contains: "gallery_photo",
    label: "Instagram",
    url: (h) => `https://instagram.com/${h}`,
  },
  {
    category: "social_network",
    contains: "gallery_video",
    label: "TikTok",
    url: (h) => `https://www.tiktok.com/@${h}`,
  },
  {
    category: "gallery",
    contains: "gallery_photo_and_video",
    label: "OnlyFans",
    url: (h) => `https://onlyfans.com/${h}`,
  },
  {
    category: "gallery",
    contains: "gallery_photo_and_video",
    label: "Fansly",
    url: (h) => `https://fansly.com/${h}`,
  },
  {
    category: "wish_list",
    contains: "text_only",
    label: "Throne wishlist",
    url: (h) => `https://throne.com/${h}`,
  },
  {
    category: "wish_list",
    contains: "text_only",
    label: "Amazon wishlist",
    url: (h) => `https://www.amazon.com/hz/wishlist/ls/${wishlistId(h)}`,
  },
  {
    category: "official_site",
    contains: "text_only",
    label: "Official site",
    url: (h) => `https://${h}.carrd.co`,
  },
  { category: "other", contains: "text_only", label: "Linktree", url: (h) => `https://linktr.ee/${h}` },
];

/** Amazon list ids look like "3K8QZ1XJ2T9PL"; derive one from the handle so it is stable. */
function wishlistId(handle: string): string {
  const alphabet = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  let seed = 7;
  for (const char of handle) seed = (seed * 31 + char.charCodeAt(0)) >>> 0;
  let id = "";
  for (let i = 0; i < 13; i++) {
    id += alphabet[seed % alphabet.length];
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
  }
  return id;
}

/** 0–4 links for a model, at most one per kind, built from one of her nicknames. */
export function buildModelLinks(
  random: Random,
  modelId: number,
  handle: string,
  count = random.int(0, 4),
): NewModelLink[] {
  const clean = handle.toLowerCase().replace(/[^a-z0-9_]/g, "");
  return random.sample(LINK_KINDS, count).map((kind) => ({
    modelId,
    label: kind.label,
    url: kind.url(kind.category === "official_site" ? clean.replace(/_/g, "-") : clean),
    category: kind.category,
    contains: kind.contains,
    status: "approved",
  }));
}

/** Inserts one link (an approved Instagram link unless told otherwise). */
export async function createModelLink(
  db: Database,
  overrides: Partial<NewModelLink> & { modelId: number },
): Promise<ModelLinkRow> {
  const [row] = await db
    .insert(modelLinks)
    .values({
      label: "Instagram",
      url: `https://instagram.com/model_${overrides.modelId}`,
      category: "social_network",
      contains: "gallery_photo",
      status: "approved",
      ...overrides,
    })
    .returning();
  return row!;
}
