import type { ComponentProps } from "react";
import { type ControlSize, controlClass, FieldFrame, type FieldProps } from "./field-frame.tsx";

export type TextAreaFieldProps = ComponentProps<"textarea"> & FieldProps & { size?: ControlSize };

/** A labelled textarea. */
export function TextAreaField({
  label,
  error,
  hint,
  fieldClassName,
  id,
  size,
  className,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} fieldClassName={fieldClassName} id={id}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          className={controlClass({ invalid, size, className })}
          {...textarea}
        />
      )}
    </FieldFrame>
  );
}
