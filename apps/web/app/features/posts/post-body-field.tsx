import { EDITOR_HEIGHT } from "@camatlas/shared";
import { lazy, Suspense, useId, useState } from "react";
import { FieldError } from "../../components/ui/field-frame.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";

// The post's body in the desk's form. Without JavaScript (and until the editor has loaded) it is a plain textarea
// of HTML; in the browser the rich editor takes its place and writes its HTML into a hidden field of the same name.
// The editor's code is its own chunk, loaded only here.

const RichEditor = lazy(() => import("./rich-editor.tsx"));

export function PostBodyField({ defaultValue, error }: { defaultValue: string; error?: string }) {
  const labelId = useId();
  const hydrated = useHydrated();
  const [html, setHtml] = useState(defaultValue);
  const textarea = (
    <textarea
      name="body"
      aria-labelledby={labelId}
      defaultValue={defaultValue}
      style={{ height: EDITOR_HEIGHT }}
      className="w-full rounded-lg border border-line bg-surface p-3 font-mono text-sm text-ink focus:outline-none focus-visible:ring-2 focus-visible:ring-focus"
    />
  );
  return (
    <div className="space-y-1">
      <span id={labelId} className="block text-sm font-medium text-ink">
        Text
      </span>
      {hydrated ? (
        <>
          <input type="hidden" name="body" value={html} />
          <Suspense
            fallback={
              <div style={{ height: EDITOR_HEIGHT }} className="rounded-lg border border-line bg-surface" />
            }
          >
            <RichEditor initialHtml={defaultValue} onChange={setHtml} labelId={labelId} />
          </Suspense>
        </>
      ) : (
        textarea
      )}
      {error && <FieldError>{error}</FieldError>}
    </div>
  );
}
