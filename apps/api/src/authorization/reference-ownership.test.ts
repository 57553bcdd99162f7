import { insertFeaturedModel, schema } from "@camatlas/db";
import {
  buildReviewText,
  createForumCategory,
  createForumTopic,
  createModel,
  createNickname,
  createPost,
} from "@camatlas/db/factories";
import { VALIDATION_MESSAGES } from "@camatlas/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type JsonSchema, type OpenApiDocument, resolveRef } from "../testing/openapi-document.ts";
import { createTestApi, type TestApi } from "../testing/test-api.ts";
import { type Cast, createCast, mediaOf, type RoleName } from "./fixtures.ts";
import {
  describeOperation,
  freshClientIp,
  loadDocument,
  type Operation,
  operationsOf,
} from "./operations.ts";

// Every request field that names a row by id, found by walking the request schemas of the live OpenAPI document,
// must say what it references; a field naming something someone owns (media, a model) gets a probe that sends
// someone else's row (refused as if it did not exist) and the caller's own (accepted). A new *_id field fails here
// until it is declared, so new endpoints inherit the media rule (lib/media-reference.ts) and the visibility rule.

type Kind =
  /** A media row: only the caller's own, of a fitting kind (admins: anyone's public one). */
  | "media"
  /** A model: only one the caller may see (hidden models do not exist for her). */
  | "model"
  /** Owned by nobody: reference data (camsites, tags, roles) or scoped by the path's own resource (a block). */
  | "not owned";

/** What each id field references, by name. */
const REFERENCES: Record<string, Kind> = {
  avatar_media_id: "media",
  media_id: "media",
  logo_media_id: "media",
  image_media_id: "media",
  model_id: "model",
  media_ids: "media",
  // A comment's thread: in the model zone it names a model, refused as unknown when hidden from the caller.
  commentable_id: "model",
  models_ids: "model",
  cam_site_id: "not owned",
  camsiteId: "not owned",
  cam_site_ids: "not owned",
  tags_id_list: "not owned",
  role_id: "not owned",
  // A user review's nicknames: only those of the review's model are taken (public names, nobody's own).
  nickname_ids: "not owned",
  image_media_ids: "media",
  video_media_id: "media",
  // Deleted only among the blocks of the model the path names (deleteModelBlocks is scoped by it).
  block_id: "not owned",
  // Forum: categories and topics are public; an answer is taken only among the posts of the path's topic.
  category_id: "not owned",
  into_topic_id: "not owned",
  post_id: "not owned",
  model_ids: "model",
  camsite_ids: "not owned",
};

interface Reference {
  op: Operation;
  /** Dotted path in the body (`links.0.model_id`), as a 422 names it. */
  field: string;
  name: string;
}

const ID_FIELD = /(_id|_ids|_id_list|Id)$/;

function referencesOf(doc: OpenApiDocument, op: Operation): Reference[] {
  const out: Reference[] = [];
  const walk = (schema: JsonSchema | undefined, path: string[]) => {
    if (!schema) return;
    const s = resolveRef(doc, schema);
    for (const part of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(part, path);
    if (s.items) walk(s.items, [...path, "0"]);
    for (const [name, property] of Object.entries(s.properties ?? {})) {
      if (ID_FIELD.test(name)) out.push({ op, field: [...path, name].join("."), name });
      walk(property, [...path, name]);
    }
  };
  walk(op.bodySchema ?? undefined, []);
  // One entry per field, though unions list it once per branch.
  return out.filter((r, i) => out.findIndex((o) => o.field === r.field) === i);
}

let t: TestApi;
let cast: Cast;
let references: Reference[];
let world: {
  hiddenModel: number;
  visibleModel: number;
  unboundModel: number;
  featuredEntry: number;
  strangersPhoto: number;
  strangersPicture: number;
  own: Record<RoleName, { picture: number; photo: number }>;
};

beforeAll(async () => {
  t = await createTestApi();
  cast = await createCast(t);
  const doc = await loadDocument(t);
  references = operationsOf(doc).flatMap((op) => referencesOf(doc, op));
  const { db } = t.database;
  const stranger = cast.people.stranger;
  const hidden = await createModel(db, { name: "Hidden Reference", userId: stranger.id });
  await db
    .update(schema.models)
    .set({ pageVisibleFor: "only_model_and_admin" })
    .where(eq(schema.models.id, hidden.id));
  const unbound = await createModel(db, { name: "Nobody Bound" });
  const own = {} as typeof world.own;
  for (const role of ["camfan", "camgirl", "admin"] as const) {
    const id = cast.people[role].id;
    own[role] = { picture: await mediaOf(t, id), photo: await mediaOf(t, id, "verification_image") };
  }
  world = {
    hiddenModel: hidden.id,
    visibleModel: stranger.owns.model as number,
    unboundModel: unbound.id,
    featuredEntry: (await insertFeaturedModel(db, { modelId: unbound.id, position: 0 })).id,
    strangersPhoto: await mediaOf(t, stranger.id, "verification_image"),
    strangersPicture: stranger.owns.media as number,
    own,
  };
});
afterAll(() => t.close());

// User reviews: a model to review per probe that must be taken (one review per user and model), every model's
// nickname, and the camfan's own short probed video.
let reviewWorld: {
  targets: Record<"model" | "image" | "video", number>;
  nicknameOf: Map<number, number>;
  video: number;
};

beforeAll(async () => {
  const { db } = t.database;
  const nicknameOf = new Map<number, number>();
  const withNickname = async (modelId: number) => {
    nicknameOf.set(modelId, (await createNickname(db, { modelId })).id);
    return modelId;
  };
  await withNickname(world.visibleModel);
  const target = async (name: string) => withNickname((await createModel(db, { name })).id);
  const [video] = await db
    .insert(schema.media)
    .values({
      kind: "user_review",
      path: "test/review-clip.mp4",
      name: "clip.mp4",
      mimeType: "video/mp4",
      userId: cast.people.camfan.id,
      processingStatus: "Complete",
      meta: { type: "video", duration: 10 },
    })
    .returning({ id: schema.media.id });
  reviewWorld = {
    targets: {
      model: world.visibleModel,
      image: await target("Image Probe"),
      video: await target("Video Probe"),
    },
    nicknameOf,
    video: video!.id,
  };
});

// The forum: a category to post in and a topic of the camfan's own to edit and reply to.
let forumWorld: { category: number; topic: number };

beforeAll(async () => {
  const { db } = t.database;
  const category = await createForumCategory(db);
  const topic = await createForumTopic(db, { categoryId: category.id, userId: cast.people.camfan.id });
  forumWorld = { category: category.id, topic: topic.id };
});

const forumTopicOf = (extra: Record<string, unknown>) => ({
  category_id: forumWorld.category,
  title: "Probe",
  body: "Probe",
  ...extra,
});

/** A valid new review of the model (500 words, one of her nicknames). */
const reviewOf = (modelId: number, extra: Record<string, unknown> = {}) => ({
  model_id: modelId,
  title: "Probe",
  body: buildReviewText(),
  rating: 4,
  nickname_ids: [reviewWorld.nicknameOf.get(modelId) ?? reviewWorld.nicknameOf.get(world.visibleModel)],
  ...extra,
});
const ownReviewPath = () => `/api/user-reviews/${cast.people.camfan.owns.user_review}`;

/** A post the desk's probes edit (PUT /admin/posts/{id}). */
let probePostId = 0;
beforeAll(async () => {
  probePostId = (await createPost(t.database.db, { type: "blog" })).id;
});

interface Probe {
  caller: RoleName;
  path: () => string;
  body: (value: number) => unknown;
  /** The caller's own row that must be accepted; the media probe defaults to her own public picture. */
  own?: () => number;
}

let nicknameSeq = 0;
/** How to send each owned reference found: a valid request around the field. */
const PROBES: Record<string, Probe> = {
  "POST /api/models avatar_media_id": {
    caller: "camfan",
    path: () => "/api/models",
    body: (v) => ({ name: `Probe ${v}`, avatar_media_id: v }),
  },
  "PUT /api/models/{id} avatar_media_id": {
    caller: "camfan",
    path: () => `/api/models/${world.visibleModel}`,
    body: (v) => ({ avatar_media_id: v }),
  },
  "PUT /api/admin/models/{id} avatar_media_id": {
    caller: "admin",
    path: () => `/api/admin/models/${world.visibleModel}`,
    body: (v) => ({ avatar_media_id: v }),
  },
  "PUT /api/profile avatar_media_id": {
    caller: "camfan",
    path: () => "/api/profile",
    body: (v) => ({ avatar_media_id: v }),
  },
  "POST /api/models/{id}/verification-requests media_id": {
    caller: "camgirl",
    path: () => `/api/models/${world.unboundModel}/verification-requests`,
    body: (v) => ({ media_id: v }),
    own: () => world.own.camgirl.photo,
  },
  "PUT /api/cam-sites/{id} logo_media_id": {
    caller: "admin",
    path: () => "/api/cam-sites/1",
    body: (v) => ({ logo_media_id: v }),
  },
  "POST /api/admin/featured-models media_id": {
    caller: "admin",
    path: () => "/api/admin/featured-models",
    body: (v) => ({ model_id: world.unboundModel, media_id: v }),
  },
  "PUT /api/admin/featured-models/{id} media_id": {
    caller: "admin",
    path: () => `/api/admin/featured-models/${world.featuredEntry}`,
    body: (v) => ({ media_id: v }),
  },
  "POST /api/stories media_id": {
    caller: "camgirl",
    path: () => "/api/stories",
    body: (v) => ({ model_name: "Owned by camgirl", media_id: v, publish_at: new Date().toISOString() }),
  },
  "POST /api/admin/posts image_media_id": {
    caller: "admin",
    path: () => "/api/admin/posts",
    body: (v) => ({ type: "blog", post_title: `Probe ${v}`, image_media_id: v }),
  },
  "PUT /api/admin/posts/{id} image_media_id": {
    caller: "admin",
    path: () => `/api/admin/posts/${probePostId}`,
    body: (v) => ({ image_media_id: v }),
  },
  // Two callers: a comment posted by one user holds her next for 10 seconds.
  "POST /api/comments media_ids": {
    caller: "camgirl",
    path: () => "/api/comments",
    body: (v) => ({
      comment_zone: "model",
      commentable_id: world.visibleModel,
      text: "Look",
      media_ids: [v],
    }),
  },
  "POST /api/forum/topics media_ids": {
    caller: "camfan",
    path: () => "/api/forum/topics",
    body: (v) => forumTopicOf({ media_ids: [v] }),
  },
  "POST /api/forum/topics model_ids": {
    caller: "camgirl",
    path: () => "/api/forum/topics",
    body: (v) => forumTopicOf({ model_ids: [v] }),
  },
  "PATCH /api/forum/topics/{id} model_ids": {
    caller: "camfan",
    path: () => `/api/forum/topics/${forumWorld.topic}`,
    body: (v) => ({ model_ids: [v] }),
  },
  "POST /api/forum/topics/{id}/posts media_ids": {
    caller: "camgirl",
    path: () => `/api/forum/topics/${forumWorld.topic}/posts`,
    body: (v) => ({ body: "Probe", media_ids: [v] }),
  },
  "POST /api/comments commentable_id": {
    caller: "camfan",
    path: () => "/api/comments",
    body: (v) => ({ comment_zone: "model", commentable_id: v, text: "Hello" }),
  },
  "POST /api/model-links links.0.model_id": {
    caller: "camfan",
    path: () => "/api/model-links",
    body: (v) => ({
      links: [{ model_id: v, label: "Site", url: `https://example.com/${v}`, category: "other" }],
    }),
  },
  "POST /api/model-nicknames nicknames.0.model_id": {
    caller: "camfan",
    path: () => "/api/model-nicknames",
    body: (v) => ({ nicknames: [{ model_id: v, cam_site_id: 1, nickname: `probe_${v}_${++nicknameSeq}` }] }),
  },
  "POST /api/user-reviews model_id": {
    caller: "camfan",
    path: () => "/api/user-reviews",
    body: (v) => reviewOf(v),
  },
  "POST /api/user-reviews image_media_ids": {
    caller: "camfan",
    path: () => "/api/user-reviews",
    body: (v) => reviewOf(reviewWorld.targets.image, { image_media_ids: [v] }),
  },
  "POST /api/user-reviews video_media_id": {
    caller: "camfan",
    path: () => "/api/user-reviews",
    body: (v) => reviewOf(reviewWorld.targets.video, { video_media_id: v }),
    own: () => reviewWorld.video,
  },
  "PUT /api/user-reviews/{id} image_media_ids": {
    caller: "camfan",
    path: ownReviewPath,
    body: (v) => ({ image_media_ids: [v] }),
  },
  "PUT /api/user-reviews/{id} video_media_id": {
    caller: "camfan",
    path: ownReviewPath,
    body: (v) => ({ video_media_id: v }),
    own: () => reviewWorld.video,
  },
};

const keyOf = (r: Reference) => `${describeOperation(r.op)} ${r.field}`;

async function send(probe: Probe, method: string, value: number) {
  const headers = { ...freshClientIp(), ...(await cast.headers(probe.caller)) };
  const res = await t.call(method, probe.path(), { headers, body: probe.body(value) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe("request fields that name a row by id", () => {
  it("are all declared: what each references, and a probe for those someone owns", () => {
    expect(references.length).toBeGreaterThan(5);
    const undeclared = references.filter((r) => !(r.name in REFERENCES)).map(keyOf);
    expect(undeclared, "id fields with no declared reference (add them to REFERENCES)").toEqual([]);
    const owned = references.filter((r) => REFERENCES[r.name] !== "not owned");
    // Admins may name any model (the spec lets them bind and feature any); media rules hold for them too.
    const needProbe = owned.filter((r) => REFERENCES[r.name] === "media" || r.op.access !== "admin");
    const noProbe = needProbe.filter((r) => !PROBES[keyOf(r)]).map(keyOf);
    expect(noProbe, "owned references without a probe (add them to PROBES)").toEqual([]);
    const stale = Object.keys(PROBES).filter((key) => !references.some((r) => keyOf(r) === key));
    expect(stale, "probes of fields the API no longer has").toEqual([]);
  });

  it("media: someone else's file is refused as if it did not exist, the caller's own is taken", async () => {
    const failures: string[] = [];
    for (const ref of references.filter((r) => REFERENCES[r.name] === "media")) {
      const probe = PROBES[keyOf(ref)]!;
      const field = ref.field;
      // A private photo never fits a public use, whoever asks; someone else's public picture only admins may use.
      const foreign = [world.strangersPhoto, ...(probe.caller === "admin" ? [] : [world.strangersPicture])];
      for (const value of foreign) {
        const { status, body } = await send(probe, ref.op.method, value);
        if (
          status !== 422 ||
          JSON.stringify(body?.errors?.[field]) !== JSON.stringify([VALIDATION_MESSAGES.mediaNotFound])
        )
          failures.push(
            `${keyOf(ref)} with someone else's media ${value}: ${status} ${JSON.stringify(body)}`,
          );
      }
      const mine = probe.own?.() ?? world.own[probe.caller].picture;
      const { status, body } = await send(probe, ref.op.method, mine);
      if (status >= 400)
        failures.push(`${keyOf(ref)} with the caller's own media: ${status} ${JSON.stringify(body)}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("models: one hidden from the caller is refused without saying it exists, a visible one is taken", async () => {
    const failures: string[] = [];
    for (const ref of references.filter((r) => REFERENCES[r.name] === "model" && r.op.access !== "admin")) {
      const probe = PROBES[keyOf(ref)]!;
      const hidden = await send(probe, ref.op.method, world.hiddenModel);
      const unknown = await send(probe, ref.op.method, 999_999);
      // Hidden answers exactly as a model that does not exist.
      if (
        hidden.status < 400 ||
        hidden.status !== unknown.status ||
        JSON.stringify(hidden.body) !== JSON.stringify(unknown.body)
      )
        failures.push(
          `${keyOf(ref)} with a hidden model: ${hidden.status} ${JSON.stringify(hidden.body)} (unknown: ${unknown.status} ${JSON.stringify(unknown.body)})`,
        );
      const visible = await send(probe, ref.op.method, world.visibleModel);
      if (visible.status >= 400)
        failures.push(
          `${keyOf(ref)} with a visible model: ${visible.status} ${JSON.stringify(visible.body)}`,
        );
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
