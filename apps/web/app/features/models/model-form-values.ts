import { NICKNAME_TYPES, type NicknameType } from "@camatlas/shared";
import { MODEL_GENDERS, type ModelCreateInput } from "@camatlas/shared/schemas/catalog";

// Turns the model create/edit forms into the API's request bodies (pure, unit-tested). Empty inputs clear a value
// (null); the API compares with the current profile and keeps only real changes.

type Gender = (typeof MODEL_GENDERS)[number];

export interface ModelFieldValues {
  name: string;
  birthday: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  gender: Gender;
  started_at: string | null;
  finished_at: string | null;
  tags_id_list: number[];
}

function text(form: FormData, name: string): string | null {
  const value = form.get(name);
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

export function modelFieldsFromForm(form: FormData): ModelFieldValues {
  const gender = text(form, "gender");
  return {
    name: text(form, "name") ?? "",
    birthday: text(form, "birthday"),
    country: text(form, "country")?.toUpperCase() ?? null,
    region: text(form, "region")?.toUpperCase() ?? null,
    city: text(form, "city"),
    gender: MODEL_GENDERS.includes(gender as Gender) ? (gender as Gender) : "unknown",
    started_at: text(form, "started_at"),
    finished_at: text(form, "finished_at"),
    tags_id_list: [
      ...new Set(
        form
          .getAll("tags_id_list")
          .map(Number)
          .filter((id) => Number.isInteger(id) && id > 0),
      ),
    ],
  };
}

export interface NicknameRowValue {
  cam_site_id: number;
  nickname: string;
  type: NicknameType;
}

/** Nickname rows of the create form (nickname_0, cam_site_id_0, type_0, …); rows without a nickname are skipped. */
export function nicknameRowsFromForm(form: FormData, rows: number): NicknameRowValue[] {
  const result: NicknameRowValue[] = [];
  for (let i = 0; i < rows; i++) {
    const nickname = text(form, `nickname_${i}`);
    const camSiteId = Number(form.get(`cam_site_id_${i}`));
    if (!nickname) continue;
    const type = text(form, `type_${i}`);
    result.push({
      cam_site_id: Number.isInteger(camSiteId) ? camSiteId : 0,
      nickname,
      type: NICKNAME_TYPES.includes(type as NicknameType) ? (type as NicknameType) : "solo",
    });
  }
  return result;
}

/** The create request: only the fields the user filled in. */
export function modelCreateBody(form: FormData, nicknameRows: number): ModelCreateInput {
  const fields = modelFieldsFromForm(form);
  const body: ModelCreateInput = { name: fields.name, gender: fields.gender };
  for (const key of ["birthday", "country", "region", "city", "started_at", "finished_at"] as const)
    if (fields[key] !== null) body[key] = fields[key];
  if (fields.tags_id_list.length) body.tags_id_list = fields.tags_id_list;
  const nicknames = nicknameRowsFromForm(form, nicknameRows);
  if (nicknames.length) body.nicknames = nicknames;
  return body;
}

const TRACKED_FIELDS = [
  "name",
  "birthday",
  "country",
  "region",
  "city",
  "gender",
  "started_at",
  "finished_at",
  "tags_id_list",
] as const satisfies ReadonlyArray<keyof ModelFieldValues>;

/** The value a field had when the form was shown, as the form's hidden `original_*` input carries it. */
export function originalValue(value: unknown): string {
  if (Array.isArray(value)) return [...value].sort((a, b) => Number(a) - Number(b)).join(",");
  return value == null ? "" : String(value);
}

/**
 * Only the fields the user actually changed (compared with the hidden `original_*` inputs): a revision then shows
 * what the member meant to change, and a member who does not see a hidden country and age (only her camgirl and
 * admins do) never proposes clearing them.
 */
export function changedModelFields(form: FormData): Partial<ModelFieldValues> {
  const values = modelFieldsFromForm(form);
  const changed: Partial<ModelFieldValues> = {};
  for (const field of TRACKED_FIELDS) {
    const before = form.get(`original_${field}`);
    if (typeof before !== "string" || originalValue(values[field]) !== before)
      Object.assign(changed, { [field]: values[field] });
  }
  return changed;
}
