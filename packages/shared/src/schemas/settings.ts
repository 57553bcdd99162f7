import { z } from "zod";
import { TEXT_LIMITS } from "../limits.ts";
import { PAGE_DEFAULTS, VALIDATION_MESSAGES } from "../messages.ts";

// The configurable page settings (spec §2 "Configurable page settings", §7 Settings): one row per name,
// its value validated by the name's schema below. GET /settings-object answers {settings: {name: value}}.

/** An image setting: a public path under /media/ or an absolute http(s) URL; null means "use the built-in look". */
export const settingImageSchema = z
  .string()
  .trim()
  .max(TEXT_LIMITS.url)
  .refine((value) => value.startsWith("/media/") || /^https?:\/\/\S+$/.test(value), {
    error: VALIDATION_MESSAGES.invalidUrl,
  })
  .nullable();

const title = z.string().trim().min(1, VALIDATION_MESSAGES.required).max(TEXT_LIMITS.title);
const text = z.string().trim().max(TEXT_LIMITS.about);

export const homeSettingSchema = z.object({
  title,
  subheading: z.string().trim().max(TEXT_LIMITS.metaDescription),
  header_image: settingImageSchema,
  mobile_header_image: settingImageSchema,
  footer_image: settingImageSchema,
});

/** The "{product} in numbers" list: computed from live counts, never stored. */
export const homeNumbersSchema = z.array(z.object({ label: z.string(), value: z.number().int() }));

export const loginSettingSchema = z.object({ background: settingImageSchema });

/** register, forgot_password, blocked, not_found. */
export const pageTextSettingSchema = z.object({ title, text });

/** An optional e-mail address: empty means "not given" (null). */
const optionalEmail = z
  .string()
  .trim()
  .max(TEXT_LIMITS.email)
  .nullable()
  .transform((value) => value || null)
  .refine((value) => value === null || z.email().safeParse(value).success, {
    error: VALIDATION_MESSAGES.invalidEmail,
  });

/** The Contact page's addresses (labels: CONTACT_ADDRESS_LABELS); a line whose address is empty is not shown. */
export const contactSettingSchema = z.object({
  support_email: optionalEmail,
  dmca_email: optionalEmail,
  privacy_email: optionalEmail,
  press_email: optionalEmail,
});
export type ContactSetting = z.output<typeof contactSettingSchema>;

export const featuredModelsSettingSchema = z.object({ show_default_image: z.boolean() });

export const BANNER_PLACEMENTS = ["home_top", "home_bottom", "sidebar", "footer"] as const;
export type BannerPlacement = (typeof BANNER_PLACEMENTS)[number];

export const bannerSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, VALIDATION_MESSAGES.required)
    .max(64)
    .regex(/^[\w-]+$/),
  image: settingImageSchema.unwrap(),
  url: z.url({ protocol: /^https?$/, error: VALIDATION_MESSAGES.invalidUrl }).max(TEXT_LIMITS.url),
  alt: z.string().trim().max(TEXT_LIMITS.title),
  placement: z.enum(BANNER_PLACEMENTS),
});
export const bannersSettingSchema = z.array(bannerSchema).max(50);
export type Banner = z.infer<typeof bannerSchema>;

/** Every known setting and the schema of its value. */
export const SETTING_SCHEMAS = {
  home: homeSettingSchema,
  home_numbers: homeNumbersSchema,
  login: loginSettingSchema,
  register: pageTextSettingSchema,
  forgot_password: pageTextSettingSchema,
  blocked: pageTextSettingSchema,
  not_found: pageTextSettingSchema,
  contact: contactSettingSchema,
  featured_models: featuredModelsSettingSchema,
  banners: bannersSettingSchema,
} as const;

export type SettingName = keyof typeof SETTING_SCHEMAS;
export const SETTING_NAMES = Object.keys(SETTING_SCHEMAS) as SettingName[];
/** Computed settings: readable, never written. */
export const READ_ONLY_SETTINGS: readonly SettingName[] = ["home_numbers"];

export type SettingValues = { [K in SettingName]: z.output<(typeof SETTING_SCHEMAS)[K]> };

export function isSettingName(name: string): name is SettingName {
  return Object.hasOwn(SETTING_SCHEMAS, name);
}

/**
 * Values used while no row exists (spec §2 defaults). Texts may contain `{product}`; the API fills it in.
 * Images default to null: the web app then shows its built-in artwork.
 */
export const SETTING_DEFAULTS: Omit<SettingValues, "home_numbers"> = {
  home: {
    title: PAGE_DEFAULTS.homeTitle,
    subheading: PAGE_DEFAULTS.homeSubheading,
    header_image: null,
    mobile_header_image: null,
    footer_image: null,
  },
  login: { background: null },
  register: { title: PAGE_DEFAULTS.registerTitle, text: PAGE_DEFAULTS.registerText },
  forgot_password: { title: PAGE_DEFAULTS.forgotPasswordTitle, text: PAGE_DEFAULTS.forgotPasswordText },
  blocked: { title: PAGE_DEFAULTS.blockedTitle, text: PAGE_DEFAULTS.blockedText },
  not_found: { title: PAGE_DEFAULTS.notFoundTitle, text: PAGE_DEFAULTS.notFoundText },
  contact: { support_email: null, dmca_email: null, privacy_email: null, press_email: null },
  featured_models: { show_default_image: true },
  banners: [],
};

/**
 * PUT /settings/{name} (the replies: api-contract/site.ts). Object values may be partial: the given fields replace the
 * current ones.
 */
export const settingUpdateRequestSchema = z.object({
  name: z.string().max(TEXT_LIMITS.settingName),
  value: z.unknown(),
  is_public: z.boolean().default(true),
});
export type SettingUpdateRequest = z.input<typeof settingUpdateRequestSchema>;
