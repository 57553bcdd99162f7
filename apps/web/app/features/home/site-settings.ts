import { PAGE_DEFAULTS } from "@camatlas/shared";
import { settingEndpoints } from "@camatlas/shared/api-contract";
import type { ApiClient } from "../../lib/api-client.ts";
import type { NotFoundTexts } from "../../lib/errors/loader-errors.ts";

// Reads the public settings (GET /api/settings-object) tolerantly: a missing or malformed value falls back to the
// spec's default, so a page never breaks on a setting.

export type SettingsMap = Record<string, unknown>;

export interface HomeSettings {
  title: string;
  subheading: string;
  header_image: string | null;
  mobile_header_image: string | null;
  footer_image: string | null;
  /** Each picture's blur placeholder (a tiny bitmap data URL computed by the API), null without one. */
  header_placeholder: string | null;
  mobile_header_placeholder: string | null;
  footer_placeholder: string | null;
}

/** The settings and the blur placeholders of the pictures they name, by address. */
export interface SiteSettings {
  settings: SettingsMap;
  placeholders: Record<string, string>;
}

export interface HomeNumber {
  label: string;
  value: number | string;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function text(value: unknown, fallback: string): string {
  return typeof value === "string" && value.trim() !== "" ? value : fallback;
}

function link(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/** All settings the caller may see; an unreachable settings endpoint means defaults, not a broken page. */
export async function fetchSettings(api: ApiClient): Promise<SettingsMap> {
  return (await fetchSiteSettings(api)).settings;
}

/** fetchSettings with the placeholders of the pictures the settings name. */
export async function fetchSiteSettings(api: ApiClient): Promise<SiteSettings> {
  try {
    const reply = await api.call(settingEndpoints.object, {});
    const placeholders = record(reply.image_placeholders);
    return {
      settings: record(reply.settings),
      placeholders: Object.fromEntries(
        Object.entries(placeholders).filter(
          (entry): entry is [string, string] => typeof entry[1] === "string",
        ),
      ),
    };
  } catch {
    return { settings: {}, placeholders: {} };
  }
}

export function homeSettings(settings: SettingsMap, placeholders: Record<string, string> = {}): HomeSettings {
  const home = record(settings.home);
  const header = link(home.header_image);
  const mobile = link(home.mobile_header_image);
  const footer = link(home.footer_image);
  const placeholderOf = (image: string | null) => (image ? (placeholders[image] ?? null) : null);
  return {
    title: text(home.title, PAGE_DEFAULTS.homeTitle),
    subheading: text(home.subheading, PAGE_DEFAULTS.homeSubheading),
    header_image: header,
    mobile_header_image: mobile,
    footer_image: footer,
    header_placeholder: placeholderOf(header),
    mobile_header_placeholder: placeholderOf(mobile),
    footer_placeholder: placeholderOf(footer),
  };
}

export function homeNumbers(settings: SettingsMap): HomeNumber[] {
  const list = Array.isArray(settings.home_numbers) ? settings.home_numbers : [];
  return list.flatMap((item) => {
    const entry = record(item);
    const value = entry.value;
    return typeof entry.label === "string" && (typeof value === "number" || typeof value === "string")
      ? [{ label: entry.label, value }]
      : [];
  });
}

export function showDefaultFeaturedImage(settings: SettingsMap): boolean {
  return record(settings.featured_models).show_default_image !== false;
}

export function notFoundTexts(settings: SettingsMap): NotFoundTexts | undefined {
  const notFound = record(settings.not_found);
  const title = link(notFound.title);
  const body = link(notFound.text);
  return title || body ? { title: title ?? "", text: body ?? "" } : undefined;
}
