import { z } from "zod";

// Pieces every endpoint module reuses.

/** A reply that only says what happened: `{message}` (success texts and every error but 422). */
export const messageReply = z.object({ message: z.string() });
export type MessageReply = z.output<typeof messageReply>;

/** A numeric row id in a path: `/models/{id}`. */
export const pathId = z.coerce.number().int().positive();

/** Path params `{id}`. */
export const idParams = z.object({ id: pathId });

/** An empty success reply (204). */
export const noContentReply = z.null();
