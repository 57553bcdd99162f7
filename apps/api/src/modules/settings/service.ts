import {
  countSiteNumbers,
  findMediaBlurhashesByPaths,
  listSettings,
  type SettingRow,
  upsertSetting,
} from "@camatlas/db";
import { blurPlaceholder, CONTACT_ADDRESS_LABELS, HOME_NUMBER_LABELS, productText } from "@camatlas/shared";
import type { ContactAddressReply, SettingsObjectReply } from "@camatlas/shared/api-contract";
import {
  type ContactSetting,
  SETTING_DEFAULTS,
  SETTING_NAMES,
  SETTING_SCHEMAS,
  type SettingName,
  type settingUpdateRequestSchema,
} from "@camatlas/shared/schemas/settings";
import type { Context } from "hono";
import type { z } from "zod";
import type { ApiDeps, AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { validationFailed } from "../../lib/http-errors.ts";
import { zodIssuesToErrors } from "../../lib/validation-hook.ts";

type StoredName = Exclude<SettingName, "home_numbers">;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `{product}` in default texts becomes the configured product name. */
function withProduct<T>(value: T, productName: string): T {
  if (typeof value === "string") return productText(value, productName) as T;
  if (Array.isArray(value)) return value.map((item) => withProduct(item, productName)) as T;
  if (isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withProduct(v, productName)])) as T;
  return value;
}

export function defaultValue(name: StoredName, productName: string): unknown {
  return withProduct(SETTING_DEFAULTS[name], productName);
}

/**
 * The value a setting has now: the stored one over the defaults (so fields added later still get a value). A
 * stored value that no longer fits the schema falls back to the default rather than breaking every page.
 */
export function effectiveValue(name: StoredName, row: SettingRow | undefined, productName: string): unknown {
  const fallback = defaultValue(name, productName);
  if (!row) return fallback;
  const candidate =
    isPlainObject(fallback) && isPlainObject(row.value) ? { ...fallback, ...row.value } : row.value;
  const parsed = SETTING_SCHEMAS[name].safeParse(candidate);
  return parsed.success ? parsed.data : fallback;
}

/** What an update asks for: object values may be partial and land on top of the current value. */
export function mergedUpdate(current: unknown, incoming: unknown): unknown {
  return isPlainObject(current) && isPlainObject(incoming) ? { ...current, ...incoming } : incoming;
}

// "{product} in numbers" is computed, never stored: the `siteNumbers` cache (deps.ts) spares four counts per view.
export async function homeNumbers(deps: Pick<ApiDeps, "db" | "caches">) {
  const counts = await deps.caches.siteNumbers.get("numbers", () => countSiteNumbers(deps.db));
  return (Object.keys(HOME_NUMBER_LABELS) as (keyof typeof HOME_NUMBER_LABELS)[]).map((key) => ({
    label: HOME_NUMBER_LABELS[key],
    value: counts[key],
  }));
}

export const STORED_SETTING_NAMES = SETTING_NAMES.filter(
  (name): name is StoredName => name !== "home_numbers",
);
export type { StoredName };

/** Every setting the caller may read (admins also the private ones), defaults filled in, and which are public. */
export async function settingsObject(
  deps: Pick<ApiDeps, "db" | "caches">,
  productName: string,
  isAdmin: boolean,
): Promise<SettingsObjectReply> {
  const { db } = deps;
  const rows = new Map((await listSettings(db)).map((row) => [row.name, row]));
  const settings: Record<string, unknown> = {};
  const isPublic: Record<string, boolean> = {};
  for (const name of STORED_SETTING_NAMES) {
    const row = rows.get(name);
    const visible = row?.isPublic ?? true;
    if (!visible && !isAdmin) continue;
    settings[name] = effectiveValue(name, row, productName);
    isPublic[name] = visible;
  }
  settings.home_numbers = await homeNumbers(deps);
  isPublic.home_numbers = true;
  return { settings, is_public: isPublic, image_placeholders: await imagePlaceholders(deps, settings) };
}

/** The placeholders of the stored pictures (addresses under /media/) that the settings' fields name. */
async function imagePlaceholders(
  deps: Pick<ApiDeps, "db">,
  settings: Record<string, unknown>,
): Promise<Record<string, string>> {
  const addresses = new Set<string>();
  for (const value of Object.values(settings))
    if (isPlainObject(value))
      for (const field of Object.values(value))
        if (typeof field === "string" && field.startsWith(MEDIA_PREFIX)) addresses.add(field);
  const hashes = await findMediaBlurhashesByPaths(
    deps.db,
    [...addresses].map((address) => address.slice(MEDIA_PREFIX.length)),
  );
  const placeholders: Record<string, string> = {};
  for (const address of addresses) {
    const placeholder = blurPlaceholder(hashes.get(address.slice(MEDIA_PREFIX.length)));
    if (placeholder) placeholders[address] = placeholder;
  }
  return placeholders;
}

const MEDIA_PREFIX = "/media/";

/**
 * The Contact page's lines: the `contact` setting's addresses that are set, in CONTACT_ADDRESS_LABELS order; none
 * while an admin keeps the setting private.
 */
export async function contactAddresses(
  deps: Pick<ApiDeps, "db">,
  productName: string,
): Promise<ContactAddressReply[]> {
  const row = (await listSettings(deps.db)).find((candidate) => candidate.name === "contact");
  if (row && !row.isPublic) return [];
  const value = effectiveValue("contact", row, productName) as ContactSetting;
  return (Object.keys(CONTACT_ADDRESS_LABELS) as (keyof ContactSetting)[]).flatMap((key) => {
    const email = value[key];
    return email ? [{ key, label: CONTACT_ADDRESS_LABELS[key], email }] : [];
  });
}

/**
 * Saves one setting and its audit row: the value lands on top of the current one and must then fit the setting's
 * schema (422 with the errors under `value.…` otherwise).
 */
export async function saveSetting(
  c: Context<AppEnv>,
  name: StoredName,
  body: z.output<typeof settingUpdateRequestSchema>,
): Promise<SettingRow> {
  const { db, env } = c.var.deps;
  return db.transaction(async (tx) => {
    const current = (await listSettings(tx)).find((row) => row.name === name);
    const candidate = mergedUpdate(effectiveValue(name, current, env.PRODUCT_NAME), body.value);
    const parsed = SETTING_SCHEMAS[name].safeParse(candidate);
    if (!parsed.success) {
      const errors = zodIssuesToErrors(parsed.error.issues);
      throw validationFailed(
        Object.fromEntries(Object.entries(errors).map(([k, v]) => [`value.${k}`.replace(/\.body$/, ""), v])),
      );
    }
    const row = await upsertSetting(tx, { name, value: parsed.data, isPublic: body.is_public });
    await audit(c, tx, {
      action: "setting.updated",
      subjectType: "setting",
      subjectId: name,
      changes: { is_public: body.is_public },
    });
    return row;
  });
}
