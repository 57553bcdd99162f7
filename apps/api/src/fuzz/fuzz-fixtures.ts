import type { Database } from "@camatlas/db";
import {
  createMedia,
  createModel,
  createModelLink,
  createModelRating,
  createTag,
  createUser,
  type UserRow,
} from "@camatlas/db/factories";
import { CAMSITE_ID, ROLE } from "@camatlas/shared";

// A few rows in the tables the API's paths name, so plausible ids (1, 2, 3) reach handlers and queries.

export async function createFuzzFixtures(db: Database): Promise<void> {
  const owners: UserRow[] = [];
  for (const roleId of [ROLE.camfan, ROLE.camgirl, ROLE.admin]) owners.push(await createUser(db, { roleId }));
  const tags = [await createTag(db), await createTag(db), await createTag(db)];
  for (const [index, owner] of owners.entries()) {
    const model = await createModel(db, {
      nicknames: [
        { camSiteId: CAMSITE_ID.chaturbate, nickname: `fuzz_model_${index}` },
        { camSiteId: CAMSITE_ID.stripchat, nickname: `fuzz_model_${index}` },
      ],
      tagIds: tags.map((tag) => tag.id),
    });
    await createModelLink(db, { modelId: model.id });
    await createModelRating(db, { modelId: model.id, userId: owner.id, rating: 4 });
    await createMedia(db, { userId: owner.id });
  }
}

/** The users the fuzz acts as, made anew for every operation (an earlier one may have blocked or logged one out). */
export async function createActors(db: Database) {
  return {
    camfan: await createUser(db, { roleId: ROLE.camfan }),
    camgirl: await createUser(db, { roleId: ROLE.camgirl }),
    admin: await createUser(db, { roleId: ROLE.admin }),
  };
}
export type Actors = Awaited<ReturnType<typeof createActors>>;
