import {
  findModelContent,
  findModelDetail,
  listNicknamesOfModels,
  listTagsOfModels,
  upsertModelContent,
  writeAudit,
} from "@camatlas/db";
import { renderModelContent } from "@camatlas/db/factories/model-content";
import { ageFromBirthday, findCountry, SUCCESS_MESSAGES } from "@camatlas/shared";
import { modelContentSchema } from "@camatlas/shared/schemas/catalog";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { notFound } from "../../lib/http-errors.ts";
import { requireAdmin } from "../../middleware/require-role.ts";

const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });
const messageSchema = z.object({ message: z.string() });
const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Sentences per template group (spec §3 Model content: the combination picks one per group). */
const TEMPLATE_GROUP_SIZES = [4, 4, 4, 4, 4] as const;

const contentReply = z.object({
  model_id: z.number().int(),
  is_public: z.boolean(),
  generated_text: z.string().nullable(),
  unique_text: z.string().nullable(),
  is_unique_text_used: z.boolean(),
  combination: z.array(z.number().int()),
  /** What the profile shows. */
  text: z.string().nullable(),
  can: z.object({ edit: z.boolean() }),
});

const getRoute = createRoute({
  method: "get",
  path: "/admin/models/{id}/content",
  tags: ["admin", "models"],
  summary: "A model's content: generated text (template combination), unique text and which one shows",
  middleware: [requireAdmin()] as const,
  request: { params: idParam },
  responses: {
    200: { description: "The content (empty values when none was created yet)", ...json(contentReply) },
    401: { description: "Sign in first", ...json(messageSchema) },
    403: { description: "Admins only", ...json(messageSchema) },
    404: { description: "No such model", ...json(messageSchema) },
  },
});

const saveRoute = createRoute({
  method: "post",
  path: "/admin/models/{id}/content",
  tags: ["admin", "models"],
  summary:
    "Create or update a model's content (admin): unique_text + is_unique_text_used, is_public; regenerate or combination rebuilds the generated text",
  middleware: [requireAdmin()] as const,
  request: { params: idParam, body: { ...json(modelContentSchema), required: true } },
  responses: {
    200: {
      description: "Saved: 'Model content has been successfully created!' or '… updated!'",
      ...json(z.object({ message: z.string(), content: contentReply })),
    },
    401: { description: "Sign in first", ...json(messageSchema) },
    403: { description: "Admins only", ...json(messageSchema) },
    404: { description: "No such model", ...json(messageSchema) },
    422: { description: "Invalid fields" },
  },
});

type ContentRow = NonNullable<Awaited<ReturnType<typeof findModelContent>>>;

function present(modelId: number, row: ContentRow | null) {
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

const randomCombination = () => TEMPLATE_GROUP_SIZES.map((size) => Math.floor(Math.random() * size));

export const modelContentRoutes = new OpenAPIHono<AppEnv>()
  .openapi(getRoute, async (c) => {
    const { id } = c.req.valid("param");
    const { db } = c.var.deps;
    if (!(await findModelDetail(db, id))) throw notFound();
    return c.json(present(id, await findModelContent(db, id)), 200);
  })
  .openapi(saveRoute, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const { db } = c.var.deps;
    const model = await findModelDetail(db, id);
    if (!model) throw notFound();
    const existing = await findModelContent(db, id);
    // The generated text is (re)built when asked, when a combination is given, or when there is none yet.
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
    const outcome = await db.transaction(async (tx) => {
      const result = await upsertModelContent(tx, id, {
        ...(body.is_public !== undefined ? { isPublic: body.is_public } : {}),
        ...(body.unique_text !== undefined ? { uniqueText: body.unique_text } : {}),
        ...(body.is_unique_text_used !== undefined ? { isUniqueTextUsed: body.is_unique_text_used } : {}),
        ...(generated ?? {}),
      });
      await writeAudit(tx, {
        actorUserId: c.var.user!.id,
        action: `model.content_${result}`,
        subjectType: "model",
        subjectId: id,
        changes: { ...body, regenerated: Boolean(generated) },
        ip: c.var.clientIp,
      });
      return result;
    });
    const message =
      outcome === "created" ? SUCCESS_MESSAGES.modelContentCreated : SUCCESS_MESSAGES.modelContentUpdated;
    return c.json({ message, content: present(id, await findModelContent(db, id)) }, 200);
  });
