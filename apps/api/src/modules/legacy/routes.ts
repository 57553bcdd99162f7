import {
  type Database,
  findCamsiteIdBySlug,
  findCamsiteSlugById,
  findCommentHolder,
  findImageRecordTarget,
  findModelSlugByAvatarMedia,
  findNicknameOnCamsite,
  findUserNickName,
} from "@camatlas/db";
import { VALIDATION_MESSAGES } from "@camatlas/shared";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { notFound, validationFailed } from "../../lib/http-errors.ts";

// The legacy addresses of spec §2 answer 301 to their canonical page; the web server asks this endpoint where.

export const LEGACY_KINDS = [
  "camsite",
  "camsite-profile",
  "comment",
  "data-json",
  "profile",
  "picture",
] as const;
type LegacyKind = (typeof LEGACY_KINDS)[number];

const idParam = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .optional();
const nameParam = z.string().trim().min(1).max(100).optional();

const resolveQuery = z.object({
  kind: z.enum(LEGACY_KINDS),
  id: idParam,
  camsite_id: idParam,
  /** Camsite slug, for data-json (`/{camsite}/model/{nickname}/dataJSON`). */
  camsite: nameParam,
  name: nameParam,
});
type ResolveQuery = z.output<typeof resolveQuery>;

const resolveRoute = createRoute({
  method: "get",
  path: "/legacy/resolve",
  tags: ["system"],
  summary:
    "Canonical path of a legacy address: camsite (id), camsite-profile (camsite_id, name), comment (id), data-json (camsite or camsite_id, name), profile (name), picture (id)",
  request: { query: resolveQuery },
  responses: {
    200: {
      description: "Where the legacy address now lives",
      content: { "application/json": { schema: z.object({ url: z.string() }) } },
    },
    404: { description: "Nothing there" },
    422: { description: "A parameter the kind needs is missing" },
  },
});

const enc = encodeURIComponent;

function required<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw validationFailed({ [field]: [VALIDATION_MESSAGES.required] });
  return value;
}

async function nicknamePath(db: Database, camSiteId: number, name: string, prefix: "stats" | "model") {
  const found = await findNicknameOnCamsite(db, camSiteId, name);
  if (!found) return null;
  return prefix === "stats"
    ? `/stats/${enc(found.camSiteSlug)}/${enc(found.nickname)}`
    : `/${enc(found.camSiteSlug)}/model/${enc(found.nickname)}`;
}

/** The page holding a comment, with the comment's anchor. */
async function commentPath(db: Database, id: number): Promise<string | null> {
  const holder = await findCommentHolder(db, id);
  if (!holder) return null;
  const page = (() => {
    switch (holder.zone) {
      case "model":
        return holder.modelSlug ? `/models/${enc(holder.modelSlug)}` : null;
      case "story":
        return holder.storyModelSlug ? `/models/${enc(holder.storyModelSlug)}` : null;
      case "user":
        return holder.userNickName ? `/users/${enc(holder.userNickName)}` : null;
      case "review":
      case "post":
        if (!holder.postType || !holder.postName) return null;
        return `/${holder.postType === "review" ? "reviews" : holder.postType}/${enc(holder.postName)}`;
      case "forum_topic":
        return holder.topicSlug ? `/forum/${enc(holder.topicSlug)}` : null;
      default:
        return null;
    }
  })();
  return page ? `${page}#comment-${id}` : null;
}

async function resolve(db: Database, q: ResolveQuery): Promise<string | null> {
  const kind: LegacyKind = q.kind;
  switch (kind) {
    case "camsite": {
      const slug = await findCamsiteSlugById(db, required(q.id, "id"));
      return slug ? `/camsites/${enc(slug)}` : null;
    }
    case "camsite-profile":
      return nicknamePath(db, required(q.camsite_id, "camsite_id"), required(q.name, "name"), "model");
    case "data-json": {
      const name = required(q.name, "name");
      const camSiteId = q.camsite_id ?? (await findCamsiteIdBySlug(db, required(q.camsite, "camsite")));
      return camSiteId === null ? null : nicknamePath(db, camSiteId, name, "stats");
    }
    case "comment":
      return commentPath(db, required(q.id, "id"));
    case "profile": {
      const nickName = await findUserNickName(db, required(q.name, "name"));
      return nickName ? `/users/${enc(nickName)}` : null;
    }
    case "picture": {
      const id = required(q.id, "id");
      const image = await findImageRecordTarget(db, id);
      if (image?.modelSlug) return `/models/${enc(image.modelSlug)}`;
      if (image?.camSiteSlug && image.nickname)
        return `/stats/${enc(image.camSiteSlug)}/${enc(image.nickname)}`;
      const slug = await findModelSlugByAvatarMedia(db, id);
      return slug ? `/models/${enc(slug)}` : null;
    }
  }
}

export const legacyRoutes = new OpenAPIHono<AppEnv>().openapi(resolveRoute, async (c) => {
  const url = await resolve(c.var.deps.db, c.req.valid("query"));
  if (!url) throw notFound();
  return c.json({ url }, 200);
});
