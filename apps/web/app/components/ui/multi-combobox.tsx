import { useId, useMemo, useRef, useState } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { controlClass, FieldError } from "./field-frame.tsx";

export interface ComboOption {
  value: string;
  label: string;
  /** A second line in the list (e.g. the country of a region). */
  hint?: string | undefined;
}

/**
 * A searchable multi-select (WAI-ARIA combobox with a listbox popup): type to filter, ↑/↓ to move, Enter to pick,
 * Escape to close, Backspace in the empty box to drop the last pick. Picks show as chips above the box, each sent
 * as a hidden `name` input. Without JavaScript the box itself is sent as `fallbackName`, read by the server as one
 * name or code.
 */
export function MultiCombobox({
  label,
  name,
  fallbackName,
  search,
  hint,
  error,
  placeholder,
  initial = [],
}: {
  label: string;
  name: string;
  fallbackName: string;
  search: (query: string) => readonly ComboOption[];
  hint?: string;
  error?: string | undefined;
  placeholder?: string;
  initial?: readonly ComboOption[];
}) {
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  // No option is highlighted until ↓ or ↑ moves into the list.
  const [active, setActive] = useState(-1);
  const [picked, setPicked] = useState<readonly ComboOption[]>(initial);
  // A hydrated box submits chips only; until then (or without JS) its text is the fallback field.
  const hydrated = useHydrated();

  const options = useMemo(() => {
    const chosen = new Set(picked.map((p) => p.value));
    return search(query).filter((o) => !chosen.has(o.value));
  }, [search, query, picked]);
  const current = open && active >= 0 ? options[Math.min(active, options.length - 1)] : undefined;
  const optionId = (value: string) => `${id}-opt-${value}`;

  // A pick closes the list (typing or ↓ opens it again): left open on an empty query it would list every option
  // over what follows the box, the form's own button included.
  const pick = (option: ComboOption) => {
    setPicked((list) => [...list, option]);
    setQuery("");
    setActive(-1);
    setOpen(false);
    inputRef.current?.focus();
  };
  const unpick = (value: string) => {
    setPicked((list) => list.filter((p) => p.value !== value));
    inputRef.current?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        setOpen(true);
        setActive((i) => Math.min(i + 1, options.length - 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        setActive((i) => Math.max(i - 1, 0));
        break;
      case "Enter": {
        // Enter picks the highlighted option (else the first match of what was typed) instead of sending the form.
        const target = current ?? (open && query.trim() ? options[0] : undefined);
        if (target) {
          event.preventDefault();
          pick(target);
        }
        break;
      }
      case "Escape":
        if (open) {
          event.preventDefault();
          setOpen(false);
        } else setQuery("");
        break;
      case "Backspace":
        if (query === "" && picked.length > 0) unpick(picked[picked.length - 1]!.value);
        break;
    }
  };

  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className="relative">
      <label htmlFor={`${id}-input`} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      {picked.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={`Chosen: ${picked.length}`}>
          {picked.map((p) => (
            <li
              key={p.value}
              className="inline-flex max-w-full items-center gap-1 rounded-full border border-primary bg-primary-soft py-0.5 pr-1 pl-3 text-sm text-ink"
            >
              <span className="truncate">{p.label}</span>
              <input type="hidden" name={name} value={p.value} />
              <button
                type="button"
                onClick={() => unpick(p.value)}
                aria-label={`Remove ${p.label}`}
                className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-primary"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="text"
        role="combobox"
        name={hydrated ? undefined : fallbackName}
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open && options.length > 0}
        aria-controls={listId}
        aria-activedescendant={current ? optionId(current.value) : undefined}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        placeholder={placeholder}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        // Leaving the box closes the list; a click on an option lands first (mousedown keeps focus).
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={controlClass({ invalid: Boolean(error) })}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
      <div
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!open || options.length === 0}
        className="absolute inset-x-0 z-20 mt-1 max-h-64 overflow-y-auto rounded-md border border-line bg-surface py-1 shadow-card"
      >
        {options.map((o) => {
          const selected = o.value === current?.value;
          return (
            <div
              key={o.value}
              id={optionId(o.value)}
              role="option"
              // Options are pointed at by aria-activedescendant; focus stays in the box.
              tabIndex={-1}
              aria-selected={selected}
              // mousedown, not click: the box keeps focus, so blur does not close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(o);
              }}
              className={`cursor-pointer px-3 py-2 text-sm ${selected ? "bg-primary-soft text-ink" : "text-ink"}`}
            >
              <span className="block">{o.label}</span>
              {o.hint && <span className="block text-xs text-ink-muted">{o.hint}</span>}
            </div>
          );
        })}
      </div>
      <p className="sr-only" aria-live="polite">
        {open && query ? `${options.length} ${options.length === 1 ? "result" : "results"}` : ""}
      </p>
    </div>
  );
}
