import { FORUM_LIMITS, FORUM_TEXT } from "@camatlas/shared/forum";
import { useId, useState } from "react";
import { FieldError } from "../../components/ui/field-frame.tsx";
import { MarkdownLiteView } from "./markdown-lite-view.tsx";

// The body field of the new-topic, reply and edit forms: a textarea (enough without JavaScript) and, with it, a
// Write / Preview switch that renders the text as the post will show.

export function PostEditor({
  name = "body",
  label,
  defaultValue = "",
  error,
  rows = 8,
  autoFocus = false,
}: {
  name?: string;
  label: string;
  defaultValue?: string;
  error?: string | undefined;
  rows?: number;
  autoFocus?: boolean;
}) {
  const id = useId();
  const [text, setText] = useState(defaultValue);
  const [preview, setPreview] = useState(false);
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        <fieldset className="flex gap-1 text-sm">
          <legend className="sr-only">Editor mode</legend>
          <button
            type="button"
            aria-pressed={!preview}
            onClick={() => setPreview(false)}
            className={`rounded px-2 py-1 ${preview ? "text-ink-muted hover:bg-surface-muted" : "bg-surface-muted font-semibold text-ink"}`}
          >
            {FORUM_TEXT.write}
          </button>
          <button
            type="button"
            aria-pressed={preview}
            onClick={() => setPreview(true)}
            className={`rounded px-2 py-1 ${preview ? "bg-surface-muted font-semibold text-ink" : "text-ink-muted hover:bg-surface-muted"}`}
          >
            {FORUM_TEXT.preview}
          </button>
        </fieldset>
      </div>
      <textarea
        id={id}
        name={name}
        rows={rows}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={FORUM_LIMITS.body.max}
        required
        // biome-ignore lint/a11y/noAutofocus: the reply form is opened on purpose (quote, edit)
        autoFocus={autoFocus}
        hidden={preview}
        aria-invalid={error ? true : undefined}
        aria-describedby={[helpId, error ? errorId : ""].filter(Boolean).join(" ")}
        className="block w-full rounded-md border border-line bg-surface px-3 py-2 text-ink focus:outline-none focus:ring-2 focus:ring-focus"
      />
      {preview && (
        <div aria-live="polite" className="min-h-24 rounded-md border border-line bg-surface px-3 py-2">
          {text.trim() ? (
            <MarkdownLiteView text={text} />
          ) : (
            <p className="text-ink-muted">Nothing to preview.</p>
          )}
        </div>
      )}
      <p id={helpId} className="text-xs text-ink-muted">
        {FORUM_TEXT.formatHelp}
      </p>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
