import { PAGE_DEFAULTS } from "@camatlas/shared";
import type { BannerSpec } from "../factories/banner-images.ts";
import type { settings } from "../schema/settings.ts";

export type NewSetting = typeof settings.$inferInsert;

/** The page images of the default settings, generated at seed time (spec §2 configurable page settings). */
export const SETTING_IMAGES = {
  headerImage: {
    name: "home-header.webp",
    width: 1600,
    height: 480,
    colors: ["#1e1b4b", "#9d174d", "#f472b6"],
  },
  mobileHeaderImage: {
    name: "home-header-mobile.webp",
    width: 800,
    height: 640,
    colors: ["#1e1b4b", "#9d174d", "#f472b6"],
  },
  footerImage: {
    name: "home-footer.webp",
    width: 1600,
    height: 320,
    colors: ["#0f172a", "#4c1d95", "#db2777"],
  },
  loginBackground: {
    name: "login-background.webp",
    width: 1200,
    height: 1600,
    colors: ["#831843", "#6d28d9", "#0f172a"],
  },
} as const satisfies Record<string, BannerSpec>;

/**
 * The demo's page settings, in the shapes of packages/shared/src/schemas/settings.ts; image values are public URLs
 * under /media. The "{product} in numbers" list is computed by the API from live counts, so it is not stored.
 */
export function buildDefaultSettings(): NewSetting[] {
  const url = (spec: BannerSpec) => `/media/settings/${spec.name}`;
  const values: Record<string, unknown> = {
    home: {
      title: PAGE_DEFAULTS.homeTitle,
      subheading: PAGE_DEFAULTS.homeSubheading,
      header_image: url(SETTING_IMAGES.headerImage),
      mobile_header_image: url(SETTING_IMAGES.mobileHeaderImage),
      footer_image: url(SETTING_IMAGES.footerImage),
    },
    login: { background: url(SETTING_IMAGES.loginBackground) },
    featured_models: { show_default_image: true },
    // The Contact page's lines (CONTACT_ADDRESS_LABELS); press has no address in the demo, so its line is hidden.
    contact: {
      support_email: "support@camatlas.example",
      dmca_email: "dmca@camatlas.example",
      privacy_email: "privacy@camatlas.example",
      press_email: null,
    },
  };
  return Object.entries(values).map(([name, value]) => ({ name, value, isPublic: true }));
}
