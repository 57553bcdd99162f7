import { type ComponentProps, type ReactNode, useId } from "react";
import { useNavigation } from "react-router";

// Form building blocks shared by the account pages: a label on every control, the field's first error under it
// (announced and linked with aria-describedby), and a submit button that says when it is busy.

const controlClass =
  "block w-full rounded-md border bg-white px-3 py-2 text-neutral-900 shadow-sm placeholder:text-neutral-400 " +
  "focus:outline-none focus:ring-2 focus:ring-brand-500 disabled:bg-neutral-100";

function borderFor(error: string | undefined) {
  return error ? "border-brand-600" : "border-neutral-300";
}

interface FieldFrameProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}

function FieldFrame({ label, error, hint, children }: FieldFrameProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-neutral-800">
        {label}
      </label>
      {children({ id, describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-neutral-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-brand-700">
          {error}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<ComponentProps<"input">, "id"> & { label: string; error?: string; hint?: ReactNode };

export function TextField({ label, error, hint, className, ...input }: InputProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${controlClass} ${borderFor(error)} ${className ?? ""}`}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

type SelectProps = Omit<ComponentProps<"select">, "id"> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
};

export function SelectField({ label, error, hint, options, placeholder, className, ...select }: SelectProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${controlClass} ${borderFor(error)} ${className ?? ""}`}
          {...select}
        >
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

type TextAreaProps = Omit<ComponentProps<"textarea">, "id"> & {
  label: string;
  error?: string;
  hint?: ReactNode;
};

export function TextAreaField({ label, error, hint, className, ...textarea }: TextAreaProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${controlClass} ${borderFor(error)} ${className ?? ""}`}
          {...textarea}
        />
      )}
    </FieldFrame>
  );
}

interface RadioGroupProps {
  legend: string;
  name: string;
  options: ReadonlyArray<{ value: string; label: string; description?: string }>;
  defaultValue?: string;
  error?: string;
}

export function RadioGroup({ legend, name, options, defaultValue, error }: RadioGroupProps) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-neutral-800">{legend}</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-2 rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={option.value === defaultValue}
              className="mt-0.5 accent-brand-600"
            />
            <span>
              <span className="font-medium">{option.label}</span>
              {option.description && (
                <span className="block text-xs text-neutral-500">{option.description}</span>
              )}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-brand-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A submit button that shows a busy label while its form is being sent (with JavaScript). */
export function SubmitButton({
  children,
  busyLabel,
  intent,
  className,
}: {
  children: ReactNode;
  busyLabel?: string;
  /** Sent as `intent` when a page has several forms for one action. */
  intent?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <button
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      disabled={busy}
      className={
        className ??
        "inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:opacity-70"
      }
    >
      {busy ? (busyLabel ?? "Please wait…") : children}
    </button>
  );
}

/** A message for the whole form, announced to screen readers. */
export function FormAlert({ tone = "error", children }: { tone?: "error" | "success"; children: ReactNode }) {
  const styles =
    tone === "error"
      ? "border-brand-100 bg-brand-50 text-brand-700"
      : "border-emerald-200 bg-emerald-50 text-emerald-800";
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-md border px-3 py-2 text-sm ${styles}`}
    >
      {children}
    </div>
  );
}
