import { z } from "zod";
import { pathId } from "../schemas/ids.ts";

// Pieces every endpoint module reuses.

/** A reply that only says what happened: `{message}` (success texts and every error but 422). */
export const messageReply = z.object({ message: z.string() });
export type MessageReply = z.output<typeof messageReply>;

/** A row id in a path: `/models/{id}`; decimal digits within the column's range, else 404 (schemas/ids.ts). */
export { pathId };

/** Path params `{id}`. */
export const idParams = z.object({ id: pathId });

/** An empty success reply (204). */
export const noContentReply = z.null();
