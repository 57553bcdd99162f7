import { ROLE } from "@camatlas/shared";
import type { ModelAbilities } from "@camatlas/shared/schemas/model-card";

/** The caller as policies see it: null for a guest. */
export type Actor = { id: number; roleId: number } | null;

/** What the rules need to know about a model. */
export interface ModelSubject {
  /** The bound (verified) camgirl. */
  userId: number | null;
  forbidAvatarChanges: boolean;
}

export type ModelAction = keyof ModelAbilities;

const isAdmin = (a: Actor) => a?.roleId === ROLE.admin;
const isOwner = (a: Actor, m: ModelSubject) => a !== null && m.userId !== null && m.userId === a.id;
const signedIn = (a: Actor) => a !== null;
const adminOrOwner = (a: Actor, m: ModelSubject) => isAdmin(a) || isOwner(a, m);

/**
 * Permissions as data (architecture rule 2): one predicate per action. Anyone signed in proposes edits, which
 * wait for an admin; the bound camgirl owns visibility, blocks and avatar accessibility; admins do everything.
 */
export const MODEL_RULES: Readonly<Record<ModelAction, (actor: Actor, model: ModelSubject) => boolean>> = {
  edit: signedIn,
  edit_directly: isAdmin,
  change_avatar: (a, m) => isAdmin(a) || isOwner(a, m) || (signedIn(a) && !m.forbidAvatarChanges),
  change_avatar_accessibility: adminOrOwner,
  change_visibility: adminOrOwner,
  block: adminOrOwner,
  bind: isAdmin,
  unbind: (a, m) => isAdmin(a) && m.userId !== null,
  // Fans rate her; the bound camgirl rating herself would not be a fan's opinion.
  rate: (a, m) => signedIn(a) && !isOwner(a, m),
  // A camgirl claims a model nobody is bound to yet.
  verify: (a, m) => a?.roleId === ROLE.camgirl && m.userId === null,
  report: signedIn,
  add_nickname: signedIn,
  request_nickname_removal: signedIn,
  add_link: signedIn,
  delete_link: adminOrOwner,
  edit_content: isAdmin,
  view_blocks: adminOrOwner,
};

export function can(actor: Actor, action: ModelAction, model: ModelSubject): boolean {
  return MODEL_RULES[action](actor, model);
}

/** Every ability at once, for the `can` object of a reply. */
export function modelAbilities(actor: Actor, model: ModelSubject): ModelAbilities {
  const out = {} as ModelAbilities;
  for (const action of Object.keys(MODEL_RULES) as ModelAction[])
    out[action] = MODEL_RULES[action](actor, model);
  return out;
}
