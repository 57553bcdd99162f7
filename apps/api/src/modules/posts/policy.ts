import { ROLE } from "@camatlas/shared";

// Who may do what with posts: admins write them at the desk; anyone signed in may vote on a live one.

export type PostActor = { id: number; roleId: number } | null;

export const postPolicy = {
  edit: (actor: PostActor) => actor?.roleId === ROLE.admin,
  /** Drafts and scheduled posts are shown only to those who may edit them (the desk's preview). */
  seeUnpublished: (actor: PostActor) => actor?.roleId === ROLE.admin,
  vote: (actor: PostActor, live: boolean) => actor !== null && live,
};
