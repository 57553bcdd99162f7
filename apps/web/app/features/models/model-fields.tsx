import { findCountry, IMAGE_ACCEPT, REGION_COUNTRY_CODES, regionsOf } from "@camatlas/shared";
import { MODEL_GENDERS, MODEL_NAME_MAX } from "@camatlas/shared/schemas/catalog";
import { controlClass, FieldError, FieldFrame } from "../../components/ui/field-frame.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { COUNTRY_OPTIONS } from "../auth/profile-options.ts";
import { UploadField } from "../media/upload-field.tsx";
import { originalValue } from "./model-form-values.ts";

const AVATAR_UPLOAD = { kind: "form", path: "/media/avatar" } as const;

// States and regions are a closed list (ISO 3166-2, packages/shared/regions.ts), grouped by country.
const REGION_GROUPS = REGION_COUNTRY_CODES.map((country) => ({
  country,
  label: findCountry(country)?.name ?? country,
  regions: regionsOf(country),
}));

// The profile fields of a model, shared by the create form and the edit form (and the admin edit).

const GENDER_LABELS: Record<(typeof MODEL_GENDERS)[number], string> = {
  female: "Female",
  male: "Male",
  trans: "Trans",
  couple: "Couple",
  unknown: "Unknown",
};

export interface ModelFieldDefaults {
  name?: string;
  birthday?: string | null;
  country?: string | null;
  region?: string | null;
  city?: string | null;
  gender?: string;
  started_at?: string | null;
  finished_at?: string | null;
  tag_ids?: readonly number[];
}

export function ModelFields({
  defaults = {},
  errors = {},
  tags,
  avatar,
  trackChanges = false,
  avatarHint = "JPG, PNG or WebP, up to 5 MB.",
}: {
  defaults?: ModelFieldDefaults;
  errors?: Record<string, string | undefined>;
  tags: ReadonlyArray<{ id: number; name: string }>;
  /** Shows the avatar picker (hidden when the model forbids avatar changes). */
  avatar?: boolean;
  /** Edit forms send only what changed: the shown values ride along as hidden `original_*` inputs. */
  trackChanges?: boolean;
  avatarHint?: string;
}) {
  const selectedTags = new Set(defaults.tag_ids ?? []);
  const originals = {
    name: defaults.name,
    birthday: defaults.birthday,
    country: defaults.country,
    region: defaults.region,
    city: defaults.city,
    gender: defaults.gender,
    started_at: defaults.started_at,
    finished_at: defaults.finished_at,
    tags_id_list: [...(defaults.tag_ids ?? [])],
  } as const;
  return (
    <div className="space-y-4">
      {trackChanges &&
        Object.entries(originals).map(([field, value]) => (
          <input key={field} type="hidden" name={`original_${field}`} value={originalValue(value)} />
        ))}
      <TextField
        label="Name"
        name="name"
        required
        maxLength={MODEL_NAME_MAX}
        defaultValue={defaults.name ?? ""}
        error={errors.name}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Birthday"
          name="birthday"
          type="date"
          defaultValue={defaults.birthday ?? ""}
          error={errors.birthday}
        />
        <SelectField
          label="Gender"
          name="gender"
          defaultValue={defaults.gender ?? "female"}
          options={MODEL_GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
          error={errors.gender}
        />
        <SelectField
          label="Country"
          name="country"
          defaultValue={defaults.country ?? ""}
          placeholder="Not known"
          options={COUNTRY_OPTIONS}
          error={errors.country}
        />
        <FieldFrame label="State or region" error={errors.region}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              name="region"
              defaultValue={defaults.region ?? ""}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={describedBy}
              className={controlClass({ invalid })}
            >
              <option value="">Not known</option>
              {REGION_GROUPS.map((group) => (
                <optgroup key={group.country} label={group.label}>
                  {group.regions.map((region) => (
                    <option key={region.code} value={region.code}>
                      {region.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
        </FieldFrame>
        <TextField
          label="City"
          name="city"
          defaultValue={defaults.city ?? ""}
          maxLength={100}
          error={errors.city}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Camming since"
            name="started_at"
            type="date"
            defaultValue={defaults.started_at ?? ""}
            error={errors.started_at}
          />
          <TextField
            label="Stopped"
            name="finished_at"
            type="date"
            defaultValue={defaults.finished_at ?? ""}
            error={errors.finished_at}
          />
        </div>
      </div>
      {avatar && (
        <UploadField
          label="Avatar"
          fileName="avatar"
          mediaName="avatar_upload_id"
          target={AVATAR_UPLOAD}
          accept={IMAGE_ACCEPT}
          hint={avatarHint}
          error={errors.avatar_media_id ?? errors.file}
        />
      )}
      {tags.length > 0 && (
        <fieldset>
          <legend className="text-sm font-medium text-ink-soft">Tags</legend>
          {errors.tags_id_list && <FieldError>{errors.tags_id_list}</FieldError>}
          <div className="mt-2 flex max-h-56 flex-wrap gap-2 overflow-y-auto rounded-md border border-line-soft bg-surface-muted p-2">
            {tags.map((tag) => (
              <label
                key={tag.id}
                className="cursor-pointer rounded-full bg-surface px-3 py-1 text-sm ring-1 ring-line has-[:checked]:bg-primary has-[:checked]:text-on-primary has-[:checked]:ring-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus"
              >
                <input
                  type="checkbox"
                  name="tags_id_list"
                  value={tag.id}
                  defaultChecked={selectedTags.has(tag.id)}
                  className="sr-only"
                />
                {tag.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
