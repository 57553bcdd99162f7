import type { ComponentProps } from "react";
import { type ControlSize, controlProps, FieldFrame, type FieldProps } from "./field-frame.tsx";

export type SelectFieldProps = Omit<ComponentProps<"select">, "size"> &
  FieldProps & {
    options: ReadonlyArray<{ value: string; label: string }>;
    /** A first empty option (value ""), e.g. "Choose a country". */
    placeholder?: string;
    size?: ControlSize;
  };

/** A labelled select. */
export function SelectField({
  label,
  error,
  hint,
  fieldClassName,
  id,
  options,
  placeholder,
  size,
  className,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} fieldClassName={fieldClassName} id={id}>
      {(ids) => (
        <select {...controlProps(ids, { size, className })} {...select}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
