import { countNicknames, findCamSite, findVisibleNicknameOnCamsite, listNicknames } from "@camatlas/db";
import { SUCCESS_MESSAGES, toPageEnvelope } from "@camatlas/shared";
import { modelNicknameEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { notFound } from "../../lib/http-errors.ts";
import { viewerOf } from "../models/viewer.ts";
import { presentModelNickname } from "./presenter.ts";
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
    "Add nicknames to models ('Nickname successfully added.'); a nickname already listed on the camsite answers 422",
  replyDescription: "Added",
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
    const rows = await addNicknames(c, nicknames);
    return c.json({ message: SUCCESS_MESSAGES.nicknameAdded, data: rows.map(presentModelNickname) }, 200);
  })
  .openapi(removalRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    const requestId = await requestNicknameRemoval(c, id, reason ?? null);
    return c.json({ message: SUCCESS_MESSAGES.nicknameRemovalRequested, id: requestId }, 200);
  });
