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
  try {
    const reply = await api.call(settingEndpoints.object, {});
    return record(reply.settings);
  } catch {
    return {};
  }
}

export function homeSettings(settings: SettingsMap): HomeSettings {
  const home = record(settings.home);
  return {
    title: text(home.title, PAGE_DEFAULTS.homeTitle),
    subheading: text(home.subheading, PAGE_DEFAULTS.homeSubheading),
    header_image: link(home.header_image),
    mobile_header_image: link(home.mobile_header_image),
    footer_image: link(home.footer_image),
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
