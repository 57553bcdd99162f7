import { type Database, listBlocksOfModel } from "@camatlas/db";
import { CATALOG_MESSAGES } from "@camatlas/shared";
import { modelActionEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute, type RouteExtras } from "../../lib/contract-route.ts";
import {
  bindManyModels,
  bindModel,
  blockModel,
  changeAvatarAccessibility,
  changeVisibility,
  rateModel,
  reportModel,
  unbindModel,
  unblockModel,
} from "./action-service.ts";
import { presentModelBlock, presentVisibilitySettings } from "./presenter.ts";

/** The model the path names belongs to its bound camgirl: anyone else (but admins) gets 403. */
const HER_MODEL = { resource: "model", others: 403, admins: true } as const;

const action = (
  summary: string,
  access: RouteExtras["access"] = "user",
  owner: RouteExtras["owner"] = "anyone",
): RouteExtras => ({
  access,
  ...(access === "user" ? { owner } : {}),
  tags: ["models"],
  summary,
  replyDescription: "Done",
  // Signed-in callers may still lack the right to this model (policy.ts).
  ...(access === "user" ? { errors: { 403: "Not allowed" } } : {}),
});

const rateRoute = contractRoute(
  modelActionEndpoints.changeRating,
  action("Vote a rating 1–5 (one vote per user, changeable)"),
);
const blockRoute = contractRoute(
  modelActionEndpoints.block,
  action(
    "Hide the model from a country, a state/region (ISO 3166-2) or an IP/CIDR (bound camgirl or admin)",
    "user",
    HER_MODEL,
  ),
);
const unblockRoute = contractRoute(
  modelActionEndpoints.unblock,
  action(
    "Remove a block by block_id or by blockable_type + location (bound camgirl or admin)",
    "user",
    HER_MODEL,
  ),
);
const avatarRoute = contractRoute(
  modelActionEndpoints.changeAvatarAccessibility,
  action("Allow or forbid others to change the avatar (bound camgirl or admin)", "user", HER_MODEL),
);
const visibilityRoute = contractRoute(
  modelActionEndpoints.visibilitySettings,
  action(
    "Change page_visible_for, is_country_age_hidden and the stats page flags (bound camgirl or admin)",
    "user",
    HER_MODEL,
  ),
);
const reportRoute = contractRoute(
  modelActionEndpoints.report,
  action("Report a model: wrong data, fake, account closed"),
);
const bindRoute = contractRoute(
  modelActionEndpoints.bind,
  action("Bind a camgirl account to the model (admin); the model shows as verified", "admin"),
);
const unbindRoute = contractRoute(
  modelActionEndpoints.unbind,
  action("Unbind the model's camgirl (admin)", "admin"),
);
const bindManyRoute = contractRoute(
  modelActionEndpoints.bindMany,
  action("Bind many models to one camgirl (admin)", "admin"),
);

/** A model's blocks as they are after a change. */
async function blocksReply(db: Database, id: number) {
  const blocks = (await listBlocksOfModel(db, id)).map(presentModelBlock);
  return { message: CATALOG_MESSAGES.blocksSaved, blocks };
}

export const modelActionRoutes = new OpenAPIHono<AppEnv>()
  .openapi(rateRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { rating } = c.req.valid("json");
    const saved = await rateModel(c, id, rating);
    return c.json(
      {
        message: CATALOG_MESSAGES.ratingSaved,
        rating: Math.round(saved.rating * 100) / 100,
        rating_votes: saved.ratingVotes,
        user_rating: rating,
      },
      200,
    );
  })
  .openapi(blockRoute, async (c) => {
    const { id } = c.req.valid("param");
    await blockModel(c, id, c.req.valid("json"));
    return c.json(await blocksReply(c.var.deps.db, id), 200);
  })
  .openapi(unblockRoute, async (c) => {
    const { id } = c.req.valid("param");
    await unblockModel(c, id, c.req.valid("json"));
    return c.json(await blocksReply(c.var.deps.db, id), 200);
  })
  .openapi(avatarRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { forbid_avatar_changes } = c.req.valid("json");
    await changeAvatarAccessibility(c, id, forbid_avatar_changes);
    return c.json({ message: CATALOG_MESSAGES.visibilitySaved, forbid_avatar_changes }, 200);
  })
  .openapi(visibilityRoute, async (c) => {
    const { id } = c.req.valid("param");
    const saved = await changeVisibility(c, id, c.req.valid("json"));
    return c.json(
      { message: CATALOG_MESSAGES.visibilitySaved, visibility_settings: presentVisibilitySettings(saved) },
      200,
    );
  })
  .openapi(reportRoute, async (c) => {
    const { id } = c.req.valid("param");
    const reportId = await reportModel(c, id, c.req.valid("json"));
    return c.json({ message: CATALOG_MESSAGES.reportSent, id: reportId }, 200);
  })
  .openapi(bindRoute, async (c) => {
    const { id, userId } = c.req.valid("param");
    await bindModel(c, id, userId);
    return c.json({ message: CATALOG_MESSAGES.modelBound, user_id: userId }, 200);
  })
  .openapi(unbindRoute, async (c) => {
    const { id } = c.req.valid("param");
    await unbindModel(c, id);
    return c.json({ message: CATALOG_MESSAGES.modelUnbound }, 200);
  })
  .openapi(bindManyRoute, async (c) => {
    const { userId } = c.req.valid("param");
    const { models_ids } = c.req.valid("json");
    const bound = await bindManyModels(c, userId, models_ids);
    return c.json({ message: CATALOG_MESSAGES.modelBound, models_ids: bound }, 200);
  });
