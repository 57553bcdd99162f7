import { type ComponentProps, type ReactNode, useId } from "react";
import { firstError } from "./field-frame.tsx";

export type CheckboxFieldProps = Omit<ComponentProps<"input">, "type"> & {
  label: ReactNode;
  error?: string | readonly string[];
  hint?: ReactNode;
  fieldClassName?: string;
};

/** A checkbox with its label beside it, and its first error under it. */
export function CheckboxField({
  label,
  error,
  hint,
  fieldClassName,
  id: givenId,
  className,
  ...input
}: CheckboxFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const message = firstError(error);
  const describedBy =
    [message ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={fieldClassName}>
      <label htmlFor={id} className="inline-flex cursor-pointer items-center gap-2 text-sm text-ink-soft">
        <input
          id={id}
          type="checkbox"
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          className={`h-4 w-4 accent-primary ${className ?? ""}`}
          {...input}
        />
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-ink-faint">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="text-sm text-danger">
          {message}
        </p>
      )}
    </div>
  );
}
