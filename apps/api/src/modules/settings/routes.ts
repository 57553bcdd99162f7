import { listSettings, upsertSetting, writeAudit } from "@camatlas/db";
import { ROLE, SHELL_MESSAGES, SUCCESS_MESSAGES, TEXT_LIMITS } from "@camatlas/shared";
import {
  isSettingName,
  READ_ONLY_SETTINGS,
  SETTING_SCHEMAS,
  settingsObjectSchema,
  settingUpdateRequestSchema,
  settingUpdateResponseSchema,
} from "@camatlas/shared/schemas/settings";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { validationFailed } from "../../lib/http-errors.ts";
import { zodIssuesToErrors } from "../../lib/validation-hook.ts";
import { requireAdmin } from "../../middleware/require-role.ts";
import {
  effectiveValue,
  homeNumbers,
  mergedUpdate,
  STORED_SETTING_NAMES,
  type StoredName,
} from "./service.ts";

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });

const objectRoute = createRoute({
  method: "get",
  path: "/settings-object",
  tags: ["settings"],
  summary: "Page settings by name (public ones; admins also get private ones), defaults filled in",
  responses: { 200: { description: "Settings", ...json(settingsObjectSchema) } },
});

const updateRoute = createRoute({
  method: "put",
  path: "/settings/{name}",
  tags: ["settings"],
  summary: "Save one setting (admins). Object values may be partial.",
  middleware: [requireAdmin()] as const,
  request: {
    params: z.object({ name: z.string().max(TEXT_LIMITS.settingName) }),
    body: { ...json(settingUpdateRequestSchema), required: true },
  },
  responses: {
    200: { description: "Saved", ...json(settingUpdateResponseSchema) },
    401: { description: "Not signed in" },
    403: { description: "Admins only" },
    422: { description: "Unknown or read-only setting, or a malformed value" },
  },
});

export const settingsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(objectRoute, async (c) => {
    const { db, env } = c.var.deps;
    const isAdmin = c.var.user?.roleId === ROLE.admin;
    const rows = new Map((await listSettings(db)).map((row) => [row.name, row]));
    const settings: Record<string, unknown> = {};
    const isPublic: Record<string, boolean> = {};
    for (const name of STORED_SETTING_NAMES) {
      const row = rows.get(name);
      const visible = row?.isPublic ?? true;
      if (!visible && !isAdmin) continue;
      settings[name] = effectiveValue(name, row, env.PRODUCT_NAME);
      isPublic[name] = visible;
    }
    settings.home_numbers = await homeNumbers(db);
    isPublic.home_numbers = true;
    return c.json({ settings, is_public: isPublic }, 200);
  })
  .openapi(updateRoute, async (c) => {
    const { name } = c.req.valid("param");
    const body = c.req.valid("json");
    if (!isSettingName(name)) throw validationFailed({ name: [SHELL_MESSAGES.unknownSetting] });
    if (READ_ONLY_SETTINGS.includes(name)) throw validationFailed({ name: [SHELL_MESSAGES.readOnlySetting] });
    if (body.name !== name) throw validationFailed({ name: [SHELL_MESSAGES.settingNameMismatch] });
    const storedName = name as StoredName;
    const { db, env } = c.var.deps;
    const user = c.var.user!;

    const saved = await db.transaction(async (tx) => {
      const current = (await listSettings(tx)).find((row) => row.name === storedName);
      const candidate = mergedUpdate(effectiveValue(storedName, current, env.PRODUCT_NAME), body.value);
      const parsed = SETTING_SCHEMAS[storedName].safeParse(candidate);
      if (!parsed.success) {
        const errors = zodIssuesToErrors(parsed.error.issues);
        throw validationFailed(
          Object.fromEntries(
            Object.entries(errors).map(([k, v]) => [`value.${k}`.replace(/\.body$/, ""), v]),
          ),
        );
      }
      const row = await upsertSetting(tx, { name: storedName, value: parsed.data, isPublic: body.is_public });
      await writeAudit(tx, {
        actorUserId: user.id,
        action: "setting.updated",
        subjectType: "setting",
        subjectId: storedName,
        changes: { is_public: body.is_public },
        ip: c.var.clientIp,
      });
      return row;
    });
    return c.json(
      {
        message: SUCCESS_MESSAGES.settingsSaved,
        setting: { name: saved.name, value: saved.value, is_public: saved.isPublic },
      },
      200,
    );
  });
