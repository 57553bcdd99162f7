import { ROLE } from "@camatlas/shared";
import type { CommentBaseReply } from "@camatlas/shared/api-contract";
import { withinEditWindow } from "@camatlas/shared/comments";

// Who may do what with a comment (architecture rule 2): one predicate per action, and the abilities a reply carries.

/** The caller: null for a guest. `banned`: an admin barred her from commenting. */
export type CommentActor = { id: number; roleId: number; banned: boolean } | null;

/** What the rules need to know about a comment and its thread. */
export interface CommentSubject {
  authorId: number | null;
  createdAt: Date;
  deleted: boolean;
  hidden: boolean;
  /** The camgirl bound to the model the thread is about (she may hide its comments). */
  modelUserId: number | null;
}

export type CommentAction = keyof CommentBaseReply["can"];

const isAdmin = (a: CommentActor) => a?.roleId === ROLE.admin;
const isAuthor = (a: CommentActor, c: CommentSubject) =>
  a !== null && c.authorId !== null && c.authorId === a.id;

/** Admins, and the camgirl bound to the thread's model, hide and show comments again. */
export function moderatesThread(actor: CommentActor, modelUserId: number | null): boolean {
  return isAdmin(actor) || (actor !== null && modelUserId !== null && actor.id === modelUserId);
}

/** May this reader see the text of a comment the model hid? Her, admins and its author. */
export function seesHiddenText(actor: CommentActor, comment: CommentSubject): boolean {
  return moderatesThread(actor, comment.modelUserId) || isAuthor(actor, comment);
}

export const COMMENT_RULES: Readonly<
  Record<CommentAction, (actor: CommentActor, comment: CommentSubject, now: Date) => boolean>
> = {
  reply: (a, c) => a !== null && !a.banned && !c.deleted,
  edit: (a, c, now) => isAuthor(a, c) && !c.deleted && !a?.banned && withinEditWindow(c.createdAt, now),
  delete: (a, c) => !c.deleted && (isAuthor(a, c) || isAdmin(a)),
  vote: (a, c) => a !== null && !c.deleted && !isAuthor(a, c),
  hide: (a, c) => !c.deleted && !c.hidden && moderatesThread(a, c.modelUserId),
  unhide: (a, c) => !c.deleted && c.hidden && moderatesThread(a, c.modelUserId),
  report: (a, c) => a !== null && !c.deleted && !isAuthor(a, c),
};

export function can(actor: CommentActor, action: CommentAction, comment: CommentSubject, now = new Date()) {
  return COMMENT_RULES[action](actor, comment, now);
}

export function abilitiesOf(actor: CommentActor, comment: CommentSubject, now = new Date()) {
  const out = {} as Record<CommentAction, boolean>;
  for (const action of Object.keys(COMMENT_RULES) as CommentAction[])
    out[action] = COMMENT_RULES[action](actor, comment, now);
  return out;
}
