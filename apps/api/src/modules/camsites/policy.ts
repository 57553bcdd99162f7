import { ROLE } from "@camatlas/shared";

export type Actor = { id: number; roleId: number } | null;

/** Camsite permissions as data: everyone reads; only admins edit a camsite or its meta. */
export const CAMSITE_RULES = {
  edit: (actor: Actor) => actor?.roleId === ROLE.admin,
  edit_meta: (actor: Actor) => actor?.roleId === ROLE.admin,
  view_all_meta: (actor: Actor) => actor?.roleId === ROLE.admin,
} as const;

export function camsiteAbilities(actor: Actor) {
  return { edit: CAMSITE_RULES.edit(actor) };
}
