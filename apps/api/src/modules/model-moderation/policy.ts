import { ROLE } from "@camatlas/shared";

export type Actor = { id: number; roleId: number } | null;

/** Moderation is for admins only: every queue and every decision. */
export const MODERATION_RULES = {
  view_queues: (actor: Actor) => actor?.roleId === ROLE.admin,
  decide: (actor: Actor) => actor?.roleId === ROLE.admin,
} as const;

/** Abilities carried by each queue item. */
export const moderationAbilities = (actor: Actor) => ({
  approve: MODERATION_RULES.decide(actor),
  reject: MODERATION_RULES.decide(actor),
});
