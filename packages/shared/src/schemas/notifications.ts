import { z } from "zod";
import { MAX_PER_PAGE, PAGE_SIZE } from "../page-sizes.ts";
import { listQuerySchema, queryInt } from "./list-query.ts";

/** GET /notifications?page&per_page (the replies: api-contract/accounts.ts). */
export const notificationListQuerySchema = listQuerySchema.pick({ page: true }).extend({
  per_page: queryInt().pipe(z.number().int().min(1).max(MAX_PER_PAGE)).default(PAGE_SIZE.default),
});
