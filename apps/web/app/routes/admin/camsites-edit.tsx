import { IMAGE_ACCEPT } from "@camatlas/shared";
import {
  camsiteEndpoints,
  type EndpointInput,
  type MessageReply,
  mediaEndpoints,
} from "@camatlas/shared/api-contract";
import { CAMSITE_SEO_TEXT_MAX } from "@camatlas/shared/schemas/catalog";
import { useState } from "react";
import { data, Form, useActionData } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, cardClass } from "../../components/ui/card.tsx";
import { CheckboxField } from "../../components/ui/checkbox-field.tsx";
import { controlClass } from "../../components/ui/field-frame.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { adminEdit, adminEditAction, editFailure } from "../../features/admin/admin-edit.ts";
import { AdminEditHeader } from "../../features/admin/admin-edit-header.tsx";
import { SlugField } from "../../features/admin/slug-field.tsx";
import { CamsiteLogo } from "../../features/catalog/camsite-logo.tsx";
import { UploadField } from "../../features/media/upload-field.tsx";
import { IMAGE_UPLOAD } from "../../features/media/upload-file.ts";
import { imageOfForm } from "../../features/models/upload-image.server.ts";
import { MarkdownPreview } from "../../features/static-pages/markdown-preview.tsx";
import { apiLoad, useSnackbarNote } from "../../lib/errors/index.ts";
import { fieldErrors, intentSuccess } from "../../lib/errors/intent-result.ts";
import { seo } from "../../lib/seo/page-meta.ts";
import type { Route } from "./+types/camsites-edit";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

// Edit one camsite: texts of the comparison, SEO text (markdown), logo, profile address template, and the meta
// values the inline camsite-meta element shows.
export async function loader(args: Route.LoaderArgs) {
  const { api, id } = adminEdit(args);
  const [camsite, meta] = await Promise.all([
    apiLoad(api.call(camsiteEndpoints.byId, { params: { id } })),
    apiLoad(api.call(camsiteEndpoints.meta, { query: { camsiteId: id, all: true } })),
  ]);
  return { camsite, meta: meta.data };
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: `Edit ${args.loaderData?.camsite.name ?? "camsite"} | Admin`, noindex: true });
}

const lines = (value: FormDataEntryValue | null) =>
  String(value ?? "")
    .split(/\r?\n|\|/)
    .map((line) => line.trim())
    .filter(Boolean);

export async function action(args: Route.ActionArgs) {
  const { api, id, form, intent } = await adminEditAction(args);
  const text = (name: string) => String(form.get(name) ?? "").trim() || null;
  // Required fields (the inputs say so): an empty one goes as "" and the API answers 422 on it.
  const required = (name: string) => String(form.get(name) ?? "").trim();
  try {
    let reply: MessageReply;
    if (intent === "camsite") {
      const body: EndpointInput<typeof camsiteEndpoints.update>["body"] = {
        name: required("name"),
        slug: required("slug"),
        url: required("url"),
        model_url_template: required("model_url_template"),
        headline: text("headline"),
        price_range: text("price_range"),
        advantages: lines(form.get("advantages")),
        disadvantages: lines(form.get("disadvantages")),
        seo_text: String(form.get("seo_text") ?? "") || null,
        is_indexed: form.get("is_indexed") === "on",
      };
      // The browser uploaded it already (UploadField), or, without JavaScript, the file came with the form.
      const logoId = await imageOfForm(args.context, mediaEndpoints.upload, form, {
        fileName: "logo",
        mediaName: "logo_upload_id",
      });
      if (logoId !== null) body.logo_media_id = logoId;
      reply = await api.call(camsiteEndpoints.update, { params: { id }, body });
    } else if (intent === "meta" || intent === "meta-delete") {
      reply = await api.call(camsiteEndpoints.putMeta, {
        body: {
          camsiteId: id,
          metaKey: String(form.get("metaKey") ?? "").trim(),
          metaValue: intent === "meta-delete" ? null : String(form.get("metaValue") ?? ""),
        },
      });
    } else throw data("Unknown action", { status: 400 });
    return intentSuccess(intent, reply.message);
  } catch (error) {
    return editFailure(intent, error);
  }
}

export default function AdminCamsiteEdit({ loaderData }: Route.ComponentProps) {
  const { camsite, meta } = loaderData;
  const result = useActionData<typeof action>();
  useSnackbarNote(result);
  const errors = fieldErrors(result, "camsite");
  const [seoText, setSeoText] = useState(camsite.seo_text ?? "");
  const [preview, setPreview] = useState(false);
  return (
    <div className="space-y-6">
      <AdminEditHeader area="camsites" item={camsite} icon={<CamsiteLogo camsite={camsite} size={36} />} />

      <Form
        method="post"
        encType="multipart/form-data"
        className={cardClass({ padding: "md", className: "space-y-4" })}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Name" name="name" required defaultValue={camsite.name} error={errors.name} />
          <SlugField defaultValue={camsite.slug} error={errors.slug} />
          <TextField
            label="Website"
            name="url"
            type="url"
            required
            defaultValue={camsite.url}
            error={errors.url}
          />
          <TextField
            label="Performer page template"
            name="model_url_template"
            required
            defaultValue={camsite.model_url_template}
            hint="Must contain {nickname}"
            error={errors.model_url_template}
          />
          <TextField
            label="Headline"
            name="headline"
            defaultValue={camsite.headline ?? ""}
            maxLength={255}
            error={errors.headline}
          />
          <TextField
            label="Price range"
            name="price_range"
            defaultValue={camsite.price_range ?? ""}
            maxLength={100}
            error={errors.price_range}
          />
          <TextField
            multiline
            label="Advantages (one per line)"
            name="advantages"
            rows={4}
            defaultValue={camsite.advantages.join("\n")}
            error={errors.advantages}
          />
          <TextField
            multiline
            label="Disadvantages (one per line)"
            name="disadvantages"
            rows={4}
            defaultValue={camsite.disadvantages.join("\n")}
            error={errors.disadvantages}
          />
          <UploadField
            label="Logo"
            fileName="logo"
            mediaName="logo_upload_id"
            target={IMAGE_UPLOAD}
            accept={IMAGE_ACCEPT}
            hint="Leave empty to keep the current logo."
            error={errors.logo_media_id ?? errors.file}
          />
          <CheckboxField
            name="is_indexed"
            defaultChecked={camsite.is_indexed}
            label="Let search engines index the camsite page"
            fieldClassName="self-center"
          />
        </div>
        <div className="space-y-2">
          <div className="flex justify-end">
            <button
              type="button"
              onClick={() => setPreview((p) => !p)}
              className="text-sm text-accent underline"
            >
              {preview ? "Edit" : "Preview"}
            </button>
          </div>
          {preview ? (
            <div className="rounded-md border border-line-soft p-4">
              <MarkdownPreview markdown={seoText} />
              <input type="hidden" name="seo_text" value={seoText} />
            </div>
          ) : (
            <TextField
              multiline
              label="SEO text (markdown)"
              name="seo_text"
              rows={12}
              value={seoText}
              onChange={(event) => setSeoText(event.target.value)}
              maxLength={CAMSITE_SEO_TEXT_MAX}
              className="font-mono text-sm"
              error={errors.seo_text}
            />
          )}
        </div>
        <SubmitButton intent="camsite" busyLabel="Saving…" size="md">
          Save camsite
        </SubmitButton>
      </Form>

      <Card as="section" aria-labelledby="meta-title" padding="md" className="space-y-3">
        <h2 id="meta-title" className="text-lg font-semibold">
          Meta values
        </h2>
        <p className="text-sm text-ink-muted">
          Short facts shown on the camsite page and by the inline camsite-meta element (one value by key).
        </p>
        {meta.length > 0 && (
          <ul className="divide-y divide-line-soft rounded-md border border-line-soft">
            {meta.map((item) => (
              <li key={item.metaKey} className="flex flex-wrap items-end gap-2 px-3 py-2">
                <Form method="post" className="flex flex-1 flex-wrap items-end gap-2">
                  <input type="hidden" name="metaKey" value={item.metaKey} />
                  <label className="flex-1 text-xs text-ink-muted">
                    <span className="font-mono font-semibold text-ink">{item.metaKey}</span>
                    <input
                      name="metaValue"
                      defaultValue={item.metaValue}
                      className={controlClass({ size: "sm", className: "mt-1" })}
                    />
                  </label>
                  <Button type="submit" name="intent" value="meta" variant="secondary" size="sm">
                    Save
                  </Button>
                  <Button
                    type="submit"
                    name="intent"
                    value="meta-delete"
                    variant="danger"
                    size="sm"
                    aria-label={`Remove ${item.metaKey}`}
                  >
                    Remove
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="grid gap-3 sm:grid-cols-[14rem_1fr_auto] sm:items-end">
          <TextField
            label="Key"
            name="metaKey"
            required
            placeholder="welcome_bonus"
            pattern="[A-Za-z0-9_.\-]+"
            error={fieldErrors(result, "meta").metaKey}
          />
          <TextField label="Value" name="metaValue" required error={fieldErrors(result, "meta").metaValue} />
          <SubmitButton intent="meta" busyLabel="Saving…" size="md">
            Add value
          </SubmitButton>
        </Form>
      </Card>
    </div>
  );
}
