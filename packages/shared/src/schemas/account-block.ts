import { z } from "zod";
import { ACCOUNT_BLOCK_LIMITS, ACCOUNT_BLOCK_MESSAGES } from "../account-block.ts";
import { isoDate } from "./dates.ts";

// The block's request and reply contracts, apart from its rules and texts: the shell's banner reads those, and a
// zod schema built at module load would bring zod into every page's first-load JavaScript.

/** POST /admin/users/{id}/block: the reason the user reads, and the day the block ends (none: until unblocked). */
export const blockUserRequestSchema = z.object({
  reason: z
    .string({ error: ACCOUNT_BLOCK_MESSAGES.reasonRequired })
    .trim()
    .min(ACCOUNT_BLOCK_LIMITS.reasonMin, { error: ACCOUNT_BLOCK_MESSAGES.reasonRequired })
    .max(ACCOUNT_BLOCK_LIMITS.reasonMax)
    .nullable()
    .optional(),
  until: isoDate()
    .refine((day) => day > new Date().toISOString().slice(0, 10), {
      error: ACCOUNT_BLOCK_MESSAGES.untilInPast,
    })
    .nullable()
    .optional(),
});
export type BlockUserRequest = z.input<typeof blockUserRequestSchema>;

/** A block as its user reads it: since when, why, and until when (null: until an admin lifts it). */
export const accountBlockReply = z.object({
  since: z.iso.datetime(),
  reason: z.string().nullable(),
  until: z.iso.datetime().nullable(),
});
export type AccountBlockReply = z.output<typeof accountBlockReply>;
