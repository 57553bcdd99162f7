import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";

/**
 * A JSON reply serialized ahead (a micro-cache shares one answer between guests, sent without turning it into JSON
 * again), typed as the `Reply` its route declares. The text must be `JSON.stringify` of such a reply.
 */
export function serializedJson<Reply>(
  c: Context,
  text: string,
): Response & TypedResponse<JSONParsed<Reply>, 200, "json"> {
  const response: Response = c.body(text, 200, { "content-type": "application/json" });
  return response as Response & TypedResponse<JSONParsed<Reply>, 200, "json">;
}
