import { findCountry, findRegion } from "@camatlas/shared";

// A revision's field-by-field diff as readable text (pure, unit-tested).

const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: "Name",
  birthday: "Birthday",
  country: "Country",
  region: "State or region",
  city: "City",
  gender: "Gender",
  started_at: "Started camming",
  finished_at: "Stopped camming",
  avatar_media_id: "Avatar",
  tags_id_list: "Tags",
  slug: "Address",
  display_name: "Meta title",
  about: "Meta description",
  new_nickname: "New nickname",
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field.replaceAll("_", " ");
}

/** One side of a change, as text; tag ids become names when known. */
export function diffValueText(field: string, value: unknown, tagNames?: ReadonlyMap<number, string>): string {
  if (value === null || value === undefined || value === "") return "—";
  if (field === "tags_id_list" && Array.isArray(value)) {
    if (value.length === 0) return "—";
    return value.map((id) => tagNames?.get(Number(id)) ?? `#${id}`).join(", ");
  }
  if (field === "country" && typeof value === "string") return findCountry(value)?.name ?? value;
  if (field === "region" && typeof value === "string") {
    const region = findRegion(value);
    return region ? `${region.name} (${region.code})` : value;
  }
  if (field === "avatar_media_id") return `Image #${String(value)}`;
  // A proposed nickname (the revision of a camfan's added nickname): "LenaLive on Chaturbate (solo)".
  if (field === "new_nickname" && typeof value === "object" && "nickname" in value) {
    const { nickname, cam_site_name, type } = value as Record<string, unknown>;
    return `${String(nickname)} on ${String(cam_site_name)} (${String(type)})`;
  }
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Tags added and removed by a revision, for a clearer diff than two lists. */
export function tagChanges(from: unknown, to: unknown): { added: number[]; removed: number[] } {
  const before = new Set(Array.isArray(from) ? from.map(Number) : []);
  const after = new Set(Array.isArray(to) ? to.map(Number) : []);
  return {
    added: [...after].filter((id) => !before.has(id)),
    removed: [...before].filter((id) => !after.has(id)),
  };
}
