import { PAGE_NAV_PLACEMENT_LABELS, PAGE_NAV_PLACEMENTS, PAGE_NAV_POSITION_MAX } from "@camatlas/shared";
import type { AdminPageReply } from "@camatlas/shared/api-contract";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { CheckboxField } from "../../components/ui/checkbox-field.tsx";
import { controlClass, FieldError } from "../../components/ui/field-frame.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";
import { TabPanel, Tabs } from "../../components/ui/tabs.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { MarkdownPreview } from "./markdown-preview.tsx";

type Errors = Record<string, string[]> | undefined;

const PLACEMENT_OPTIONS = PAGE_NAV_PLACEMENTS.map((value) => ({
  value,
  label: PAGE_NAV_PLACEMENT_LABELS[value],
}));

/** Title, address, SEO fields, where the page is linked, and the markdown body with a Write / Preview switch. */
export function PageEditor({ page, errors }: { page: AdminPageReply | null; errors: Errors }) {
  const [body, setBody] = useState(page?.body ?? "");
  const [tab, setTab] = useState<"write" | "preview">("write");
  const busy = useNavigation().state === "submitting";
  const first = (field: string) => errors?.[field]?.[0];
  return (
    <Form method="post" className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Title"
          name="title"
          defaultValue={page?.title ?? ""}
          required
          error={first("title")}
        />
        <TextField
          label="Address"
          name="slug"
          defaultValue={page?.slug ?? ""}
          required
          error={first("slug")}
          hint="Shown at /address, e.g. about-us"
        />
        <TextField
          label="Meta title"
          name="meta_title"
          defaultValue={page?.meta_title ?? ""}
          error={first("meta_title")}
        />
        <TextField
          label="Meta description"
          name="meta_description"
          defaultValue={page?.meta_description ?? ""}
          error={first("meta_description")}
        />
        <SelectField
          label="Link from"
          name="nav_placement"
          options={PLACEMENT_OPTIONS}
          defaultValue={page?.nav_placement ?? "none"}
          error={first("nav_placement")}
          hint="Header menu: on wide screens and in the phone's menu. Only published pages are linked."
        />
        <TextField
          label="Order"
          name="nav_position"
          type="number"
          inputMode="numeric"
          min={0}
          max={PAGE_NAV_POSITION_MAX}
          step={1}
          defaultValue={String(page?.nav_position ?? 0)}
          error={first("nav_position")}
          hint="Lower numbers come first. The standing pages use 10, 20, 30…"
        />
      </div>
      <div>
        <Tabs
          label="Body"
          idPrefix="body-"
          variant="boxed"
          active={tab}
          onSelect={setTab}
          items={[
            { id: "write", label: "Write" },
            { id: "preview", label: "Preview" },
          ]}
        />
        <TabPanel
          tab={tab}
          idPrefix="body-"
          className="rounded-b-md rounded-tr-md bg-surface p-4 ring-1 ring-line-soft"
        >
          <label htmlFor="page-body" className="sr-only">
            Body (markdown)
          </label>
          <textarea
            id="page-body"
            name="body"
            value={body}
            onChange={(event) => setBody(event.target.value)}
            rows={18}
            hidden={tab !== "write"}
            className={controlClass({ invalid: Boolean(first("body")), className: "font-mono text-sm" })}
          />
          {tab === "preview" && <MarkdownPreview markdown={body} />}
        </TabPanel>
        {first("body") && <FieldError>{first("body")}</FieldError>}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField name="is_published" defaultChecked={page?.is_published ?? true} label="Published" />
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save page"}
        </Button>
      </div>
    </Form>
  );
}
