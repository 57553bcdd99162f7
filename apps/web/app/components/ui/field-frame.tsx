import { type ReactNode, useId } from "react";

// What every form field shares: a label on the control, an optional hint, and the field's first error under it,
// linked to the control with aria-describedby and marked with aria-invalid.

export type ControlSize = "sm" | "md";

const CONTROL_SIZES: Record<ControlSize, string> = { sm: "px-2 py-1.5 text-sm", md: "px-3 py-2" };

/** The look of a text input, select or textarea (also for controls laid out by hand). */
export function controlClass({
  invalid = false,
  size = "md",
  className,
}: {
  invalid?: boolean;
  size?: ControlSize;
  className?: string;
} = {}) {
  return [
    "block w-full rounded-md border bg-surface text-ink shadow-sm placeholder:text-ink-faint",
    "focus:outline-none focus:ring-2 focus:ring-focus disabled:bg-surface-muted",
    invalid ? "border-danger" : "border-line",
    CONTROL_SIZES[size],
    className ?? "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** The first message of a field's errors (actions return every message of a field; the form shows one). */
export function firstError(errors: string | readonly string[] | undefined): string | undefined {
  return typeof errors === "string" ? errors : errors?.[0];
}

export interface FieldProps {
  label: ReactNode;
  /** The field's error; given a list, the first one is shown. */
  error?: string | readonly string[];
  hint?: ReactNode;
  /** Classes of the wrapper around label, control, hint and error. */
  fieldClassName?: string;
}

export interface ControlIds {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

/** What a field's control carries: its id, whether it is invalid and what describes it, and its look. */
export function controlProps(ids: ControlIds, look: { size?: ControlSize; className?: string }) {
  return {
    id: ids.id,
    "aria-invalid": ids.invalid ? true : undefined,
    "aria-describedby": ids.describedBy,
    className: controlClass({ invalid: ids.invalid, ...look }),
  };
}

export function FieldFrame({
  label,
  error,
  hint,
  fieldClassName,
  id: givenId,
  children,
}: FieldProps & { id?: string; children: (ids: ControlIds) => ReactNode }) {
  const generated = useId();
  const id = givenId ?? generated;
  const message = firstError(error);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [message ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={fieldClassName ?? "space-y-1"}>
      <label htmlFor={id} className="block text-sm font-medium text-ink-soft">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(message) })}
      {hint && (
        <p id={hintId} className="text-xs text-ink-faint">
          {hint}
        </p>
      )}
      {message && <FieldError id={errorId}>{message}</FieldError>}
    </div>
  );
}

/** A field's error message under it. */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-danger">
      {children}
    </p>
  );
}
