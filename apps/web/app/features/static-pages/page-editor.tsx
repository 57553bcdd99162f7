import type { AdminPage } from "@camatlas/shared/schemas/pages";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { TextField } from "../auth/form-controls.tsx";
import { MarkdownPreview } from "./markdown-preview.tsx";

type Errors = Record<string, string[]> | undefined;

/** Title, address, SEO fields and the markdown body with a Write / Preview switch. */
export function PageEditor({ page, errors }: { page: AdminPage | null; errors: Errors }) {
  const [body, setBody] = useState(page?.body ?? "");
  const [tab, setTab] = useState<"write" | "preview">("write");
  const busy = useNavigation().state === "submitting";
  const first = (field: string) => errors?.[field]?.[0];
  const tabClass = (active: boolean) =>
    `rounded-t-md px-4 py-2 text-sm font-medium ${active ? "bg-white text-neutral-900 ring-1 ring-neutral-200" : "text-neutral-600 hover:text-neutral-900"}`;
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
      </div>
      <div>
        <div role="tablist" aria-label="Body" className="flex gap-1">
          <button
            type="button"
            role="tab"
            aria-selected={tab === "write"}
            className={tabClass(tab === "write")}
            onClick={() => setTab("write")}
          >
            Write
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === "preview"}
            className={tabClass(tab === "preview")}
            onClick={() => setTab("preview")}
          >
            Preview
          </button>
        </div>
        <div className="rounded-b-md rounded-tr-md bg-white p-4 ring-1 ring-neutral-200">
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
            className="block w-full rounded-md border border-neutral-300 px-3 py-2 font-mono text-sm focus:outline-none focus:ring-2 focus:ring-brand-500"
          />
          {tab === "preview" && <MarkdownPreview markdown={body} />}
        </div>
        {first("body") && <p className="mt-1 text-sm text-brand-700">{first("body")}</p>}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="inline-flex items-center gap-2 text-sm text-neutral-800">
          <input
            type="checkbox"
            name="is_published"
            defaultChecked={page?.is_published ?? true}
            className="accent-brand-600"
          />
          Published
        </label>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? "Saving…" : "Save page"}
        </button>
      </div>
    </Form>
  );
}
