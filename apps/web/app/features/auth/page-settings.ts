import { PAGE_DEFAULTS, productText } from "@camatlas/shared";
import type { RouterContextProvider } from "react-router";
import { apiContext } from "../../lib/load-context.ts";
import { fetchSettings } from "../home/site-settings.ts";

// Page settings the account pages read from GET /settings-object (spec §2 "Configurable page settings"),
// with the built-in texts when a setting is missing or the settings endpoint does not answer.

export function loadSettings(context: Readonly<RouterContextProvider>): Promise<Record<string, unknown>> {
  return fetchSettings(context.get(apiContext));
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
