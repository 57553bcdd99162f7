import { TextField } from "../../components/ui/text-field.tsx";

/** The item's address: renaming it keeps the old one working (the API answers it with a redirect). */
export function SlugField({
  defaultValue,
  error,
  maxLength,
}: {
  defaultValue: string;
  error?: string;
  maxLength?: number;
}) {
  return (
    <TextField
      label="Address (slug)"
      name="slug"
      required
      maxLength={maxLength}
      defaultValue={defaultValue}
      hint="The old address redirects here."
      error={error}
    />
  );
}
