import { BODY_LIMITS, ROLE, SHELL_MESSAGES, SUCCESS_MESSAGES } from "@camatlas/shared";
import { settingEndpoints } from "@camatlas/shared/api-contract";
import { isSettingName, READ_ONLY_SETTINGS } from "@camatlas/shared/schemas/settings";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute } from "../../lib/contract-route.ts";
import { validationFailed } from "../../lib/http-errors.ts";
import { presentSetting } from "./presenter.ts";
import { type StoredName, saveSetting, settingsObject } from "./service.ts";

const objectRoute = contractRoute(settingEndpoints.object, {
  access: "public",
  tags: ["settings"],
  summary: "Page settings by name (public ones; admins also get private ones), defaults filled in",
  replyDescription: "Settings",
});

const updateRoute = contractRoute(settingEndpoints.update, {
  // Whole settings: page texts, up to 50 banners.
  bodyLimit: BODY_LIMITS.document,
  access: "admin",
  tags: ["settings"],
  summary: "Save one setting (admins). Object values may be partial.",
  replyDescription: "Saved",
  // An unknown or read-only name is a 422 on `name`, never a 404.
  errors: { 404: false },
});

export const settingsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(objectRoute, async (c) => {
    const { env } = c.var.deps;
    const isAdmin = c.var.user?.roleId === ROLE.admin;
    return c.json(await settingsObject(c.var.deps, env.PRODUCT_NAME, isAdmin), 200);
  })
  .openapi(updateRoute, async (c) => {
    const { name } = c.req.valid("param");
    const body = c.req.valid("json");
    if (!isSettingName(name)) throw validationFailed({ name: [SHELL_MESSAGES.unknownSetting] });
    if (READ_ONLY_SETTINGS.includes(name)) throw validationFailed({ name: [SHELL_MESSAGES.readOnlySetting] });
    if (body.name !== name) throw validationFailed({ name: [SHELL_MESSAGES.settingNameMismatch] });
    const saved = await saveSetting(c, name as StoredName, body);
    return c.json({ message: SUCCESS_MESSAGES.settingsSaved, setting: presentSetting(saved) }, 200);
  });
