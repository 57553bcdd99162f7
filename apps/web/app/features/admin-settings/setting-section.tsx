import { useFetcher } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { CheckboxField } from "../../components/ui/checkbox-field.tsx";
import { ErrorSummary } from "../../components/ui/error-summary.tsx";
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
  const busy = fetcher.state !== "idle";
  return (
    <Card as="section" aria-labelledby={`setting-${name}`} padding="lg">
      <h2 id={`setting-${name}`} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-ink-muted">{description}</p>}
      <fetcher.Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="setting" value={name} />
        {children}
        {fetcher.data?.errors && <ErrorSummary errors={fetcher.data.errors} label={fieldLabel} />}
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line-soft pt-4">
          <CheckboxField name="is_public" defaultChecked={isPublic} label="Visible to visitors" />
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : `Save ${title.toLowerCase()}`}
          </Button>
        </div>
      </fetcher.Form>
    </Card>
  );
}
