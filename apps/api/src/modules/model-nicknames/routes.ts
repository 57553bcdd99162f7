import {
  countNicknames,
  findCamSite,
  findModelDetail,
  findVisibleNicknameOnCamsite,
  listNicknames,
} from "@camatlas/db";
import { SUCCESS_MESSAGES, toPageEnvelope } from "@camatlas/shared";
import { modelNicknameEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { currentUser } from "../../lib/current-user.ts";
import { notFound } from "../../lib/http-errors.ts";
import { assertModelVisible } from "../models/service.ts";
import { viewerOf } from "../models/viewer.ts";
import { presentModelNickname } from "./presenter.ts";
import { pendingNicknamesOf } from "./proposals.ts";
import { addNicknames, requestNicknameRemoval } from "./service.ts";

const listRoute = contractRoute(modelNicknameEndpoints.list, {
  access: "public",
  tags: ["nicknames"],
  summary:
    "Nicknames with their camsite and model; filters model_id, cam_site_id, query. Hidden models' nicknames are left out",
  replyDescription: "A page of nicknames",
});

const byCamsiteRoute = contractRoute(modelNicknameEndpoints.byCamsite, {
  access: "public",
  tags: ["nicknames"],
  summary: "One nickname on one camsite (the /{camsite}/model/{nickname} page), with its model",
  replyDescription: "The nickname",
});

const createNicknamesRoute = contractRoute(modelNicknameEndpoints.create, {
  access: "user",
  owner: "anyone",
  tags: ["nicknames"],
  summary:
    "Add nicknames to models ('Nickname successfully added.'); from a member other than the model's camgirl or an admin they wait for an admin (`pending`); a nickname already listed on the camsite answers 422",
  replyDescription: "Added",
  errors: { 404: "No such model" },
});

const pendingRoute = contractRoute(modelNicknameEndpoints.pending, {
  access: "user",
  owner: "anyone",
  tags: ["nicknames"],
  summary: "The caller's nicknames for a model that wait for an admin's approval",
  replyDescription: "The caller's pending nicknames",
  errors: { 404: "No such model" },
});

const removalRoute = contractRoute(modelNicknameEndpoints.removalRequest, {
  access: "user",
  owner: "anyone",
  tags: ["nicknames"],
  summary: "Ask for a nickname's removal; it goes only after an admin approves",
  replyDescription: "Requested",
});

export const nicknameRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    const { db } = c.var.deps;
    const filters = { modelId: q.model_id, camSiteId: q.cam_site_id, query: q.query, viewer: viewerOf(c) };
    const [rows, total] = await Promise.all([
      listNicknames(db, { ...filters, page: q.page, perPage: q.per_page }),
      countNicknames(db, filters),
    ]);
    return c.json(toPageEnvelope(rows.map(presentModelNickname), total, q.page, q.per_page), 200);
  })
  .openapi(byCamsiteRoute, async (c) => {
    const { camSiteSlug, nickname } = c.req.valid("param");
    const { db } = c.var.deps;
    const camsite = await findCamSite(db, { slug: camSiteSlug });
    if (!camsite) throw notFound();
    const row = await findVisibleNicknameOnCamsite(db, camsite.id, nickname, viewerOf(c));
    if (!row) throw notFound();
    return c.json(presentModelNickname(row), 200);
  })
  .openapi(createNicknamesRoute, async (c) => {
    const { nicknames } = c.req.valid("json");
    const { rows, pending } = await addNicknames(c, nicknames);
    // Anything waiting for an admin is said so, as for the other edits.
    const message = pending.length ? SUCCESS_MESSAGES.revisionSubmitted : SUCCESS_MESSAGES.nicknameAdded;
    return c.json({ message, data: rows.map(presentModelNickname), pending }, 200);
  })
  .openapi(pendingRoute, async (c) => {
    const { model_id } = c.req.valid("query");
    const { db } = c.var.deps;
    const model = await findModelDetail(db, model_id);
    if (!model) throw notFound();
    await assertModelVisible(c, db, model);
    return c.json({ data: await pendingNicknamesOf(db, model_id, currentUser(c).id) }, 200);
  })
  .openapi(removalRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    const requestId = await requestNicknameRemoval(c, id, reason ?? null);
    return c.json({ message: SUCCESS_MESSAGES.nicknameRemovalRequested, id: requestId }, 200);
  });
