import { firstError } from "./field-frame.tsx";

/**
 * The errors of a whole form in one announced list (role="alert"): one line per field, with its first message.
 * For forms whose fields cannot show their own error (e.g. nested setting values).
 */
export function ErrorSummary({
  errors,
  label = (field) => field,
}: {
  errors: Readonly<Record<string, string | readonly string[]>>;
  /** How a field is named to the user. */
  label?: (field: string) => string;
}) {
  const entries = Object.entries(errors).filter(([, messages]) => firstError(messages));
  if (entries.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm text-danger" role="alert">
      {entries.map(([field, messages]) => (
        <li key={field}>
          <span className="font-medium">{label(field)}</span>: {firstError(messages)}
        </li>
      ))}
    </ul>
  );
}
