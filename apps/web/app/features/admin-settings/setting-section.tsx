import { useFetcher } from "react-router";
import type { ActionResult } from "../../lib/errors/action-result.ts";
import { useSnackbarNote } from "../../lib/errors/snackbar.tsx";

/** "value.header_image" → "header image", "value.0.url" → "0 url": the field as the admin knows it. */
function fieldLabel(field: string): string {
  return (
    field
      .replace(/^value\.?/, "")
      .replace(/[._]/g, " ")
      .trim() || "value"
  );
}

/** One setting's form: saved on its own (PUT /api/settings/{name}); the outcome shows in the snackbar. */
export function SettingSection({
  name,
  title,
  description,
  isPublic,
  children,
}: {
  name: string;
  title: string;
  description?: string;
  isPublic: boolean;
  children: React.ReactNode;
}) {
  const fetcher = useFetcher<ActionResult>();
  useSnackbarNote(fetcher.data);
  const errors = fetcher.data?.errors ? Object.entries(fetcher.data.errors) : [];
  const busy = fetcher.state !== "idle";
  return (
    <section
      aria-labelledby={`setting-${name}`}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200 sm:p-6"
    >
      <h2 id={`setting-${name}`} className="text-lg font-semibold text-neutral-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-neutral-600">{description}</p>}
      <fetcher.Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="setting" value={name} />
        {children}
        {errors.length > 0 && (
          <ul className="space-y-1 text-sm text-brand-700" role="alert">
            {errors.map(([field, messages]) => (
              <li key={field}>
                <span className="font-medium">{fieldLabel(field)}</span>: {messages[0]}
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-neutral-100 pt-4">
          <label className="inline-flex items-center gap-2 text-sm text-neutral-700">
            <input type="checkbox" name="is_public" defaultChecked={isPublic} className="accent-brand-600" />
            Visible to visitors
          </label>
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {busy ? "Saving…" : `Save ${title.toLowerCase()}`}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
