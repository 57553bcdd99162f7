import { CONTACT_ADDRESS_LABELS } from "@camatlas/shared";
import { BANNER_PLACEMENTS, type SettingName } from "@camatlas/shared/schemas/settings";

// Turns one settings section's form fields into the value PUT /api/settings/{name} expects. Image fields left
// empty mean "no image" (null); the API validates the result with the setting's schema.

export type EditableSetting = Exclude<SettingName, "home_numbers">;

export const TEXT_SETTINGS = ["register", "forgot_password", "blocked", "not_found"] as const;

function str(form: FormData, key: string): string {
  const value = form.get(key);
  return typeof value === "string" ? value.trim() : "";
}

function image(form: FormData, key: string): string | null {
  return str(form, key) || null;
}

/** Banner rows are fields `banners.{i}.{field}`; rows with every field empty are dropped. */
function banners(form: FormData) {
  const indexes = new Set<number>();
  for (const key of form.keys()) {
    const match = /^banners\.(\d+)\./.exec(key);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes]
    .sort((a, b) => a - b)
    .map((i) => ({
      id: str(form, `banners.${i}.id`),
      image: str(form, `banners.${i}.image`),
      url: str(form, `banners.${i}.url`),
      alt: str(form, `banners.${i}.alt`),
      placement: str(form, `banners.${i}.placement`) || BANNER_PLACEMENTS[0],
    }))
    .filter((row) => row.id || row.image || row.url || row.alt);
}

export function settingValueFromForm(name: EditableSetting, form: FormData): unknown {
  switch (name) {
    case "home":
      return {
        title: str(form, "title"),
        subheading: str(form, "subheading"),
        header_image: image(form, "header_image"),
        mobile_header_image: image(form, "mobile_header_image"),
        footer_image: image(form, "footer_image"),
      };
    case "login":
      return { background: image(form, "background") };
    case "featured_models":
      return { show_default_image: form.get("show_default_image") !== null };
    case "banners":
      return banners(form);
    case "contact":
      // An address left empty hides its line on the Contact page.
      return Object.fromEntries(
        Object.keys(CONTACT_ADDRESS_LABELS).map((key) => [key, str(form, key) || null]),
      );
    default:
      return { title: str(form, "title"), text: str(form, "text") };
  }
}
