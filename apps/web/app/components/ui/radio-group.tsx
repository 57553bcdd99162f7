import { useId } from "react";
import { firstError } from "./field-frame.tsx";

interface RadioGroupProps {
  legend: string;
  name: string;
  options: ReadonlyArray<{ value: string; label: string; description?: string }>;
  defaultValue?: string;
  error?: string | readonly string[];
}

/** A fieldset of radio cards (one per option) with the group's first error under it. */
export function RadioGroup({ legend, name, options, defaultValue, error }: RadioGroupProps) {
  const id = useId();
  const message = firstError(error);
  return (
    <fieldset aria-describedby={message ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-ink-soft">{legend}</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-2 rounded-md border border-line bg-surface px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-focus"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={option.value === defaultValue}
              className="mt-0.5 accent-primary"
            />
            <span>
              <span className="font-medium">{option.label}</span>
              {option.description && (
                <span className="block text-xs text-ink-faint">{option.description}</span>
              )}
            </span>
          </label>
        ))}
      </div>
      {message && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {message}
        </p>
      )}
    </fieldset>
  );
}
