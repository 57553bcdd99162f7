import { HOW_TO_REVIEW_DESCRIPTION_LIMIT, POST_TYPES, TEXT_LIMITS } from "@camatlas/shared";
import type { AdminPostReply } from "@camatlas/shared/api-contract";
import { Form } from "react-router";
import { Card } from "../../components/ui/card.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { CoverField } from "./cover-field.tsx";
import { PostBodyField } from "./post-body-field.tsx";
import { POST_KINDS } from "./post-kinds.ts";

// The desk's form of one post: what it says (title, address, teaser, cover, text), what it is about (tags, models,
// camsites) and how search engines show it. Publishing has its own panel (post-publish-panel.tsx).

type Errors = Record<string, string | undefined>;

export function PostEditorForm({
  post,
  camsites,
  errors,
}: {
  post: AdminPostReply | null;
  camsites: ReadonlyArray<{ id: number; name: string }>;
  errors: Errors;
}) {
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-6">
      <Card padding="lg" className="space-y-5">
        {!post && (
          <SelectField
            label="Kind"
            name="type"
            defaultValue="blog"
            options={POST_TYPES.map((type) => ({ value: type, label: POST_KINDS[type].singular }))}
            error={errors.type}
          />
        )}
        <TextField
          label="Title"
          name="post_title"
          required
          maxLength={TEXT_LIMITS.title}
          defaultValue={post?.post_title ?? ""}
          error={errors.post_title}
        />
        <TextField
          label="Address"
          name="post_name"
          maxLength={200}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          defaultValue={post?.post_name ?? ""}
          hint={
            post
              ? `${POST_KINDS[post.type].listPath}/${post.post_name} — a new address keeps the old one redirecting.`
              : "Lowercase words joined by dashes; left empty, it is made from the title."
          }
          error={errors.post_name}
        />
        <TextField
          label="Teaser"
          name="excerpt"
          multiline
          rows={2}
          maxLength={HOW_TO_REVIEW_DESCRIPTION_LIMIT}
          defaultValue={post?.excerpt ?? ""}
          hint={`Shown under the title in lists, at most ${HOW_TO_REVIEW_DESCRIPTION_LIMIT} characters.`}
          error={errors.excerpt}
        />
        <CoverField
          initial={
            post?.image && post.image_media_id
              ? { id: post.image_media_id, link: post.image, blurhash: post.image_blurhash }
              : null
          }
          error={errors.image_media_id}
        />
        <PostBodyField defaultValue={post?.body ?? ""} error={errors.body} />
      </Card>

      <Card padding="lg" className="space-y-5">
        <h2 className="text-lg font-semibold text-ink">What it is about</h2>
        <TextField
          label="Tags"
          name="tags"
          defaultValue={post?.tags.join(", ") ?? ""}
          hint="Separated by commas, at most 10."
          error={errors.tags}
        />
        <TextField
          label="Models"
          name="models_ids"
          inputMode="numeric"
          defaultValue={post?.models.map((m) => m.id).join(", ") ?? ""}
          hint={
            post?.models.length
              ? `Model ids, separated by commas. Now: ${post.models.map((m) => `${m.name} (${m.id})`).join(", ")}.`
              : "Model ids, separated by commas (the id is in each model's admin address). Her profile's Reviews tab lists the post."
          }
          error={errors.models_ids}
        />
        <SelectField
          label="Camsites"
          name="cam_site_ids"
          multiple
          size={undefined}
          className="h-40"
          defaultValue={post?.camsites.map((c) => String(c.id)) ?? []}
          options={camsites.map((c) => ({ value: String(c.id), label: c.name }))}
          hint="Hold Ctrl (⌘ on a Mac) to pick several. The camsite's page lists the post."
          error={errors.cam_site_ids}
        />
      </Card>

      <Card padding="lg" className="space-y-5">
        <h2 className="text-lg font-semibold text-ink">Search engines</h2>
        <TextField
          label="SEO title"
          name="meta_title"
          maxLength={TEXT_LIMITS.metaTitle}
          defaultValue={post?.meta_title ?? ""}
          hint="Left empty, the title is used."
          error={errors.meta_title}
        />
        <TextField
          label="SEO description"
          name="meta_description"
          multiline
          rows={2}
          maxLength={TEXT_LIMITS.metaDescription}
          defaultValue={post?.meta_description ?? ""}
          hint="Left empty, the teaser is used."
          error={errors.meta_description}
        />
      </Card>

      <div className="flex justify-end">
        <SubmitButton intent="save" size="md" busyLabel="Saving…">
          {post ? "Save changes" : "Save draft"}
        </SubmitButton>
      </div>
    </Form>
  );
}
