import type { findModelContent } from "@camatlas/db";
import type { ModelContentReply } from "@camatlas/shared/api-contract";

type ContentRow = NonNullable<Awaited<ReturnType<typeof findModelContent>>>;

/** A model's content for the admin; the defaults of a model that has none yet. */
export function presentModelContent(modelId: number, row: ContentRow | null): ModelContentReply {
  const isPublic = row?.isPublic ?? true;
  const text = !isPublic
    ? null
    : row?.isUniqueTextUsed && row.uniqueText
      ? row.uniqueText
      : (row?.generatedText ?? null);
  return {
    model_id: modelId,
    is_public: isPublic,
    generated_text: row?.generatedText ?? null,
    unique_text: row?.uniqueText ?? null,
    is_unique_text_used: row?.isUniqueTextUsed ?? false,
    combination: row?.combination ?? [],
    text,
    can: { edit: true },
  };
}
