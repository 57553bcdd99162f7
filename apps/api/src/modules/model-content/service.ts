import {
  findModelContent,
  findModelDetail,
  listNicknamesOfModels,
  listTagsOfModels,
  upsertModelContent,
} from "@camatlas/db";
import { renderModelContent } from "@camatlas/db/factories";
import { ageFromBirthday, CATALOG_MESSAGES, findCountry } from "@camatlas/shared";
import type { modelContentSchema } from "@camatlas/shared/schemas/catalog";
import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { audit } from "../../lib/audit.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";

/** Sentences per template group (spec §3 Model content: the combination picks one per group). */
const TEMPLATE_GROUP_SIZES = [4, 4, 4, 4, 4] as const;

const randomCombination = () => TEMPLATE_GROUP_SIZES.map((size) => Math.floor(Math.random() * size));

type ContentChanges = z.output<typeof modelContentSchema>;

/**
 * Creates or updates a model's content (404 for an unknown model). The generated text is (re)built when asked,
 * when a combination is given, or when there is none yet. Answers whether the content was created or updated.
 */
export async function saveModelContent(c: Context<AppEnv>, id: number, body: ContentChanges) {
  const { db } = c.var.deps;
  const model = await findModelDetail(db, id);
  if (!model) throw notFound();
  const existing = await findModelContent(db, id);
  let generated: { generatedText: string; combination: number[] } | null = null;
  if (body.regenerate || body.combination || !existing?.generatedText) {
    const combination = body.combination ?? randomCombination();
    const [nicknames, tags] = await Promise.all([
      listNicknamesOfModels(db, [id]),
      listTagsOfModels(db, [id]),
    ]);
    const text = renderModelContent(
      {
        name: model.name,
        age: model.isCountryAgeHidden ? null : ageFromBirthday(model.birthday),
        countryName: model.isCountryAgeHidden ? null : (findCountry(model.country)?.name ?? null),
        city: model.isCountryAgeHidden ? null : model.city,
        camSiteNames: [...new Set(nicknames.map((n) => n.camSiteName))],
        nicknames: nicknames.map((n) => n.nickname),
        tagNames: tags.map((t) => t.name),
      },
      combination,
    );
    generated = { generatedText: text, combination };
  }
  const values = {
    ...(body.is_public !== undefined ? { isPublic: body.is_public } : {}),
    ...(body.unique_text !== undefined ? { uniqueText: body.unique_text } : {}),
    ...(body.is_unique_text_used !== undefined ? { isUniqueTextUsed: body.is_unique_text_used } : {}),
    ...(generated ?? {}),
  };
  // `{}` creates the generated text the first time; on existing content it would be an UPDATE with nothing to set.
  if (existing && Object.keys(values).length === 0)
    throw validationFailed({ body: [CATALOG_MESSAGES.nothingToChange] });
  return db.transaction(async (tx) => {
    const result = await upsertModelContent(tx, id, values);
    await audit(c, tx, {
      action: `model.content_${result}`,
      subjectType: "model",
      subjectId: id,
      changes: { ...body, regenerated: Boolean(generated) },
    });
    return result;
  });
}
