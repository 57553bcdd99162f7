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

export interface HomeNumbers {
  models: number;
  nicknames: number;
  camsites: number;
  members: number;
}

/** Default public settings; image values are public URLs under /media. */
export function buildDefaultSettings(numbers: HomeNumbers): NewSetting[] {
  const url = (spec: BannerSpec) => `/media/settings/${spec.name}`;
  const values: Record<string, unknown> = {
    "home.title": PAGE_DEFAULTS.homeTitle,
    "home.subheading": PAGE_DEFAULTS.homeSubheading,
    "home.header_image": url(SETTING_IMAGES.headerImage),
    "home.mobile_header_image": url(SETTING_IMAGES.mobileHeaderImage),
    "home.footer_image": url(SETTING_IMAGES.footerImage),
    // The "{product} in numbers" list (spec §2), shown under PAGE_DEFAULTS.homeNumbersTitle.
    "home.numbers": [
      { label: "Models", value: numbers.models },
      { label: "Nicknames", value: numbers.nicknames },
      { label: "Camsites", value: numbers.camsites },
      { label: "Members", value: numbers.members },
    ],
    "login.background": url(SETTING_IMAGES.loginBackground),
    "featured_models.show_default_image": true,
  };
  return Object.entries(values).map(([name, value]) => ({ name, value, isPublic: true }));
}
