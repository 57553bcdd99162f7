// Reading posted forms in actions: trimmed text fields, and what was typed to refill a form after an error.

/** Form fields as strings, without the secret ones (to refill a form after an error). */
export function formValues(form: FormData, secret: readonly string[] = []): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !secret.includes(key)) values[key] = value;
  }
  return values;
}

/** A trimmed string field, or undefined when empty. */
export function textField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}
