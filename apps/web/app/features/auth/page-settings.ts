import { PAGE_DEFAULTS, productText } from "@camatlas/shared";
import type { RouterContextProvider } from "react-router";
import { apiCall } from "../../lib/session/api-response.ts";

// Page settings the account pages read from GET /settings-object (spec §2 "Configurable page settings"),
// with the built-in texts when a setting is missing or the settings endpoint does not answer.

type SettingsObject = { settings?: Record<string, unknown> };

export async function loadSettings(
  context: Readonly<RouterContextProvider>,
): Promise<Record<string, unknown>> {
  try {
    const reply = await apiCall<SettingsObject>(context, "GET", "/settings-object");
    return reply.ok && reply.body && typeof reply.body.settings === "object"
      ? (reply.body.settings ?? {})
      : {};
  } catch {
    return {};
  }
}

export interface PageText {
  title: string;
  text: string;
}

const DEFAULT_TEXTS: Record<"register" | "forgot_password" | "blocked", PageText> = {
  register: { title: PAGE_DEFAULTS.registerTitle, text: PAGE_DEFAULTS.registerText },
  forgot_password: { title: PAGE_DEFAULTS.forgotPasswordTitle, text: PAGE_DEFAULTS.forgotPasswordText },
  blocked: { title: PAGE_DEFAULTS.blockedTitle, text: PAGE_DEFAULTS.blockedText },
};

function isText(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "";
}

export function pageText(
  settings: Record<string, unknown>,
  name: keyof typeof DEFAULT_TEXTS,
  productName: string,
): PageText {
  const value = settings[name] as Partial<PageText> | undefined;
  const fallback = DEFAULT_TEXTS[name];
  return {
    title: productText(isText(value?.title) ? value.title : fallback.title, productName),
    text: productText(isText(value?.text) ? value.text : fallback.text, productName),
  };
}

/** The login background image (a /media/ path or an http(s) URL), or null for the built-in look. */
export function loginBackground(settings: Record<string, unknown>): string | null {
  const background = (settings.login as { background?: unknown } | undefined)?.background;
  if (!isText(background)) return null;
  return background.startsWith("/media/") || /^https?:\/\//.test(background) ? background : null;
}
