import { ingestPollSchema, ingestResultSchema } from "../stats/ingest-schema.ts";
import { endpoint } from "./endpoint.ts";

// Collectors send their camsite polls here, with `Authorization: Bearer $INGEST_TOKEN`.

export const ingestEndpoints = {
  /** One camsite poll; a replayed poll changes nothing, a late one is merged. */
  observations: endpoint({
    method: "post",
    path: "/ingest/observations",
    body: ingestPollSchema,
    reply: ingestResultSchema,
  }),
};
