import type { ModelFieldValues } from "@camatlas/db";

/** API field name (snake_case, as in requests and revisions) → column field (camelCase). */
export const MODEL_FIELD_MAP = {
  name: "name",
  birthday: "birthday",
  country: "country",
  region: "region",
  city: "city",
  gender: "gender",
  started_at: "startedAt",
  finished_at: "finishedAt",
  avatar_media_id: "avatarMediaId",
  tags_id_list: "tagIds",
  slug: "slug",
  display_name: "displayName",
  about: "about",
  is_indexed_search_robots: "isIndexedSearchRobots",
  is_visible: "isVisible",
  forbid_avatar_changes: "forbidAvatarChanges",
} as const satisfies Record<string, keyof ModelFieldValues>;

export type ModelApiField = keyof typeof MODEL_FIELD_MAP;
export type ApiFieldValues = Partial<Record<ModelApiField, unknown>>;

const sameValue = (a: unknown, b: unknown) => {
  if (Array.isArray(a) && Array.isArray(b))
    return JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
  return (a ?? null) === (b ?? null);
};

/** The requested fields that differ from the current values: {changes, previous}, both keyed by API name. */
export function diffModelFields(current: Required<ModelFieldValues>, requested: ApiFieldValues) {
  const changes: ApiFieldValues = {};
  const previous: ApiFieldValues = {};
  for (const [apiField, value] of Object.entries(requested) as [ModelApiField, unknown][]) {
    if (value === undefined || !(apiField in MODEL_FIELD_MAP)) continue;
    const old = current[MODEL_FIELD_MAP[apiField]];
    if (sameValue(old, value)) continue;
    changes[apiField] = value;
    previous[apiField] = old ?? null;
  }
  return { changes, previous };
}

/** API-named values → column values for the query layer. */
export function toColumnValues(values: ApiFieldValues): ModelFieldValues {
  const out: Record<string, unknown> = {};
  for (const [apiField, value] of Object.entries(values)) {
    const column = MODEL_FIELD_MAP[apiField as ModelApiField];
    if (column && value !== undefined) out[column] = value;
  }
  return out as ModelFieldValues;
}

/** A revision's field-by-field diff for the moderation screen. */
export function revisionDiff(changes: Record<string, unknown>, previous: Record<string, unknown>) {
  return Object.keys(changes).map((field) => ({
    field,
    from: previous[field] ?? null,
    to: changes[field] ?? null,
  }));
}
