// Field errors of a 422 reply ({ message, errors: { field: [text] } }) without zod: the browser reads them too,
// and importing the schemas in errors.ts would bring zod into every page.

export type FieldErrors = Record<string, string[]>;

/** The text the client shows for a 422: the first error of the first field (spec §5, §8). */
export function firstValidationError(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const errors = (body as { errors?: unknown }).errors;
  if (typeof errors !== "object" || errors === null) return undefined;
  for (const value of Object.values(errors)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string" && first !== "") return first;
  }
  return undefined;
}

interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * Zod issues → field errors keyed by dotted path ("links.0.url"); issues on the whole object go under `rootKey`
 * ("_" in the web's forms, "body" in the API's 422 replies).
 */
export function issuesToFieldErrors(issues: readonly IssueLike[], rootKey = "_"): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length === 0 ? rootKey : issue.path.map(String).join(".");
    const list = errors[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}
