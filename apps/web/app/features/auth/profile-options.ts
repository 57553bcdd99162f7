import { COUNTRIES, GENDERS, type Gender, MINIMUM_AGE, ROLE, ROLE_NAMES } from "@camatlas/shared";

// Choices shared by the register and account forms.

const GENDER_LABELS: Record<Gender, string> = {
  male: "Male",
  female: "Female",
  unknown: "Prefer not to say",
};

export const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));

export const COUNTRY_OPTIONS = [...COUNTRIES]
  .sort((a, b) => a.name.localeCompare(b.name, "en"))
  .map((country) => ({ value: country.code, label: country.name }));

export function countryName(code: string | null | undefined): string | undefined {
  if (!code) return undefined;
  return COUNTRIES.find((country) => country.code === code.toUpperCase())?.name ?? code;
}

export const SELF_ROLE_OPTIONS = [
  { value: String(ROLE.camfan), label: ROLE_NAMES[ROLE.camfan], description: "I follow and review models" },
  { value: String(ROLE.camgirl), label: ROLE_NAMES[ROLE.camgirl], description: "I perform on camsites" },
];

/** The latest birthday that is 18 or older today (UTC), for the date input's max. */
export function latestAdultBirthday(today: Date = new Date()): string {
  const limit = new Date(
    Date.UTC(today.getUTCFullYear() - MINIMUM_AGE, today.getUTCMonth(), today.getUTCDate()),
  );
  return limit.toISOString().slice(0, 10);
}
