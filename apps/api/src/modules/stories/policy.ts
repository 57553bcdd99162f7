import { ROLE } from "@camatlas/shared";

// Who may do what with stories (spec §3 Story): the camgirl bound to the model and admins post, delete and see
// scheduled ones; everyone who may see the model sees her published and archived stories.

export type StoryActor = { id: number; roleId: number } | null;

/** The model's side of a story: the user bound to her. */
export interface StoryModel {
  userId: number | null;
}

const isAdmin = (actor: StoryActor) => actor?.roleId === ROLE.admin;
const isHerCamgirl = (actor: StoryActor, model: StoryModel) =>
  actor !== null && model.userId !== null && model.userId === actor.id;

/** Post a story for the model, see her scheduled ones, delete hers. */
export function canManageStories(actor: StoryActor, model: StoryModel): boolean {
  return isAdmin(actor) || isHerCamgirl(actor, model);
}

/** Delete one story: whoever manages the model's stories, or its author (a camgirl unbound since). */
export function canDeleteStory(
  actor: StoryActor,
  story: { userId: number | null; modelUserId: number | null },
) {
  return (
    canManageStories(actor, { userId: story.modelUserId }) || (actor !== null && story.userId === actor.id)
  );
}
