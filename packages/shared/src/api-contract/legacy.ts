import { z } from "zod";
import { endpoint } from "./endpoint.ts";

// The legacy addresses of spec §2 answer 301 to their canonical page; the web server asks the API where.

export const LEGACY_KINDS = [
  "camsite",
  "camsite-profile",
  "comment",
  "data-json",
  "profile",
  "picture",
] as const;
export type LegacyKind = (typeof LEGACY_KINDS)[number];

const legacyId = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .optional();
const legacyName = z.string().trim().min(1).max(100).optional();

export const legacyResolveQuery = z.object({
  kind: z.enum(LEGACY_KINDS),
  id: legacyId,
  camsite_id: legacyId,
  /** Camsite slug, for data-json (`/{camsite}/model/{nickname}/dataJSON`). */
  camsite: legacyName,
  name: legacyName,
});
export type LegacyResolveQuery = z.output<typeof legacyResolveQuery>;

export const legacyEndpoints = {
  resolve: endpoint({
    method: "get",
    path: "/legacy/resolve",
    query: legacyResolveQuery,
    reply: z.object({ url: z.string() }),
  }),
};
