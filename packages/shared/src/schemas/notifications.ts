import { z } from "zod";
import { MAX_PER_PAGE, PAGE_SIZE } from "../page-sizes.ts";
import { listQuerySchema, queryInt } from "./list-query.ts";
import { pageEnvelope } from "./page-envelope.ts";

/** Spec §3 Notification, as the signed-in user reads their own. */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({
    text: z.string(),
    title: z.string().optional(),
    models_ids: z.array(z.number().int()).optional(),
    models: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })).optional(),
  }),
  read_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = listQuerySchema.pick({ page: true }).extend({
  per_page: queryInt().pipe(z.number().int().min(1).max(MAX_PER_PAGE)).default(PAGE_SIZE.default),
});

export const notificationPageSchema = pageEnvelope(notificationSchema);
export const unreadCountSchema = z.object({ count: z.number().int() });
