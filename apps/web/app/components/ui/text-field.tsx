import type { ComponentProps } from "react";
import { type ControlSize, controlClass, FieldFrame, type FieldProps } from "./field-frame.tsx";

export type TextFieldProps = Omit<ComponentProps<"input">, "size"> & FieldProps & { size?: ControlSize };

/** A labelled text input (any text-like `type`: text, email, password, date, url, number, search). */
export function TextField({
  label,
  error,
  hint,
  fieldClassName,
  id,
  size,
  className,
  ...input
}: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} fieldClassName={fieldClassName} id={id}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          className={controlClass({ invalid, size, className })}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

/** A labelled email input. */
export function EmailField(props: Omit<TextFieldProps, "type">) {
  return <TextField type="email" autoComplete="email" {...props} />;
}

/** A labelled password input (say `autoComplete="new-password"` where one is chosen). */
export function PasswordField(props: Omit<TextFieldProps, "type">) {
  return <TextField type="password" autoComplete="current-password" {...props} />;
}
