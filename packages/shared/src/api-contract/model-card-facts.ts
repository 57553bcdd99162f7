import { z } from "zod";
import { queryIntArray } from "../schemas/list-query.ts";
import { endpoint } from "./endpoint.ts";

// What a model card adds for its viewer (issue 20): when she usually streams (days and hours) and whether he follows
// her, for a page of cards in one read (the card list itself stays one cached reply for every visitor).

/** A page of cards is at most this many models. */
export const MODEL_CARD_FACTS_MAX = 60;

export const modelCardFactsQuerySchema = z.object({
  ids: queryIntArray().pipe(z.array(z.number().int().min(1)).min(1).max(MODEL_CARD_FACTS_MAX)),
});

export const modelCardFactSchema = z.object({
  id: z.number().int(),
  /** Her online seconds per UTC hour over the last 30 days, all her nicknames summed; null without any. */
  hours_utc: z.array(z.number().int()).length(24).nullable(),
  /**
   * The same seconds per UTC weekday (Monday first) and hour: 7 rows of 24, for her usual days in the viewer's time
   * zone; null exactly when hours_utc is.
   */
  weekday_hours_utc: z.array(z.array(z.number().int()).length(24)).length(7).nullable(),
  /** The caller follows her (false for guests). */
  following: z.boolean(),
});
export type ModelCardFact = z.output<typeof modelCardFactSchema>;

export const modelCardFactsReplySchema = z.object({ data: z.array(modelCardFactSchema) });

export const modelCardFactsEndpoints = {
  /** Facts of the models the caller may see among `ids` (ids[]=1&ids[]=2); the others are left out, as unknown ids are. */
  list: endpoint({
    method: "get",
    path: "/model-card-facts",
    query: modelCardFactsQuerySchema,
    reply: modelCardFactsReplySchema,
  }),
};
