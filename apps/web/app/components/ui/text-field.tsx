import type { ComponentProps } from "react";
import { type ControlSize, controlProps, FieldFrame, type FieldProps } from "./field-frame.tsx";

type Common = FieldProps & { size?: ControlSize };
type InputProps = Omit<ComponentProps<"input">, "size"> & Common & { multiline?: false };
type TextareaProps = ComponentProps<"textarea"> & Common & { multiline: true };

export type TextFieldProps = InputProps | TextareaProps;

/**
 * A labelled text input (any text-like `type`: text, email, password, date, url, number, search), or with
 * `multiline` a textarea: the same label, hint, error and look either way.
 */
export function TextField({
  label,
  error,
  hint,
  fieldClassName,
  id,
  size,
  className,
  ...control
}: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} fieldClassName={fieldClassName} id={id}>
      {(ids) => {
        const frame = controlProps(ids, { size, className });
        if (control.multiline) {
          const { multiline: _, ...textarea } = control;
          return <textarea {...frame} {...textarea} />;
        }
        const { multiline: _, ...input } = control;
        return <input {...frame} {...input} />;
      }}
    </FieldFrame>
  );
}

/** A labelled email input. */
export function EmailField(props: Omit<InputProps, "type" | "multiline">) {
  return <TextField type="email" autoComplete="email" {...props} />;
}

/** A labelled password input (say `autoComplete="new-password"` where one is chosen). */
export function PasswordField(props: Omit<InputProps, "type" | "multiline">) {
  return <TextField type="password" autoComplete="current-password" {...props} />;
}
