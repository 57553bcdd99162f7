import { insertComment, insertFeaturedModel, schema } from "@camatlas/db";
import { createMedia, createModel, createPost, createUser, createUserReview } from "@camatlas/db/factories";
import { ROLE } from "@camatlas/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../testing/test-api.ts";
import { describeOperation, freshClientIp, liveOperations, type Operation, urlOf } from "./operations.ts";

// Hides models in each way the spec allows and reads every public GET operation of the live /api/openapi.json (lists,
// search, typeahead, users, featured, like-her, sitemap, stats, legacy addresses, …) as a guest, a signed-in fan and
// a visitor from a blocked country: no reply may name a model its viewer may not see on the model page. A new
// public read is checked as soon as it exists; one whose parameters cannot be filled fails until declared below.

const CAMSITE_ID = 36;

interface Hidden {
  /** A word only this model's name, slug and nickname contain. */
  marker: string;
  id: number;
  slug: string;
  nickname: string;
  avatarMediaId: number;
  /** An approved user review of her. */
  userReviewId: number;
  /** A comment in her thread, and the id of her nickname (the stats page's thread). */
  commentId: number;
  nicknameId: number;
  /** Who must not see it. */
  hiddenFrom: Viewer[];
}

type Viewer = "guest" | "fan" | "guest from GB";

let t: TestApi;
let hidden: Hidden[];
let owner: { id: number; nickName: string };
let visibleMarker: string;
let camsiteSlug: string;
let fanHeaders: () => Promise<Record<string, string>>;

beforeAll(async () => {
  t = await createTestApi();
  const { db } = t.database;
  const user = await createUser(db, { roleId: ROLE.camgirl, nickName: "Owner_Of_Hidden" });
  owner = { id: user.id, nickName: user.nickName };
  const fan = await createUser(db, { roleId: ROLE.camfan });
  fanHeaders = async () => ({
    authorization: `Bearer ${await t.deps.tokens.issue({ id: fan.id, roleId: fan.roleId })}`,
  });
  const [camsite] = await db.select().from(schema.camSites).where(eq(schema.camSites.id, CAMSITE_ID));
  camsiteSlug = camsite!.slug;

  const variants: { marker: string; set: Partial<typeof schema.models.$inferInsert>; from: Viewer[] }[] = [
    { marker: "qxhiddenadmin", set: { isVisible: false }, from: ["guest", "fan", "guest from GB"] },
    {
      marker: "qxonlyherself",
      set: { pageVisibleFor: "only_model_and_admin" },
      from: ["guest", "fan", "guest from GB"],
    },
    {
      marker: "qxmembersonly",
      set: { pageVisibleFor: "only_registered_users" },
      from: ["guest", "guest from GB"],
    },
    { marker: "qxblockedingb", set: {}, from: ["guest from GB"] },
  ];
  hidden = [];
  for (const variant of variants) {
    const avatar = await createMedia(db, { path: `avatars/${variant.marker}.webp` });
    const model = await createModel(db, {
      name: `Model ${variant.marker}`,
      userId: user.id,
      avatarMediaId: avatar.id,
      nicknames: [{ camSiteId: CAMSITE_ID, nickname: `${variant.marker}cam` }],
    });
    if (Object.keys(variant.set).length)
      await db.update(schema.models).set(variant.set).where(eq(schema.models.id, model.id));
    if (variant.marker === "qxblockedingb")
      await db
        .insert(schema.modelBlocks)
        .values({ modelId: model.id, blockableType: "country", location: "GB" });
    await insertFeaturedModel(db, { modelId: model.id, position: 0 });
    const userReview = await createUserReview(db, { userId: fan.id, modelId: model.id, status: "approved" });
    const commentId = await insertComment(db, {
      zone: "model",
      commentableId: model.id,
      userId: fan.id,
      text: "Hello",
      inReplyTo: null,
      mediaIds: [],
    });
    hidden.push({
      marker: variant.marker,
      id: model.id,
      slug: model.slug,
      nickname: `${variant.marker}cam`,
      avatarMediaId: avatar.id,
      userReviewId: userReview.id,
      commentId,
      nicknameId: model.nicknames[0]!.id,
      hiddenFrom: variant.from,
    });
  }
  // The control: a model anyone sees, found by the same reads.
  visibleMarker = "qxvisibletoall";
  const visible = await createModel(db, {
    name: `Model ${visibleMarker}`,
    userId: user.id,
    nicknames: [{ camSiteId: CAMSITE_ID, nickname: `${visibleMarker}cam` }],
  });
  await insertFeaturedModel(db, { modelId: visible.id, position: 1 });
  // An editorial review about all of them: its page and lists may name only the models the reader may see.
  await createPost(db, {
    type: "review",
    postName: "about-her",
    modelIds: [...hidden.map((h) => h.id), visible.id],
  });
});
afterAll(() => t.close());

/** Query strings for reads that need more than a search word: each set is read as its own request. */
const QUERY_SETS: Record<string, (h: Hidden) => Record<string, string>[]> = {
  "GET /api/legacy/resolve": (h): Record<string, string>[] => [
    { kind: "profile", name: owner.nickName },
    { kind: "picture", id: String(h.avatarMediaId) },
    { kind: "camsite-profile", camsite_id: String(CAMSITE_ID), name: h.nickname },
    { kind: "data-json", camsite: camsiteSlug, name: h.nickname },
  ],
  "GET /api/cam-site-meta": () => [{ camsiteId: String(CAMSITE_ID) }],
  "GET /api/user-reviews": (h): Record<string, string>[] => [{}, { model_id: String(h.id) }],
  "GET /api/comments": (h) => [
    { comment_zone: "model", commentable_id: String(h.id) },
    { comment_zone: "stats_nickname", commentable_id: String(h.nicknameId) },
    { comment_zone: "user_review", commentable_id: String(h.userReviewId) },
  ],
  "GET /api/model-card-facts": (h) => [{ "ids[]": String(h.id) }],
  "GET /api/comments/count": (h) => [
    { comment_zone: "model", commentable_id: String(h.id) },
    { comment_zone: "stats_nickname", commentable_id: String(h.nicknameId) },
  ],
};

/** Path values: the hidden model and what names it (her owner, her camsite and nickname). */
function pathValues(op: Operation, h: Hidden): Record<string, string | number> | null {
  const values: Record<string, string | number> = {};
  for (const name of op.params) {
    if (op.path.startsWith("/api/users/") && name === "id") values[name] = owner.id;
    else if (name === "nick_name") values[name] = owner.nickName;
    else if (op.path.startsWith("/api/cam-sites/") && name === "id") values[name] = CAMSITE_ID;
    else if (name === "slug" && op.path.startsWith("/api/cam-sites/")) values[name] = camsiteSlug;
    else if (name === "slug" && op.path.startsWith("/api/models/")) values[name] = h.slug;
    else if (name === "slug") values[name] = "about";
    else if (name === "camSiteSlug") values[name] = camsiteSlug;
    else if (name === "nickname") values[name] = h.nickname;
    else if (name === "id" && op.path.startsWith("/api/models/")) values[name] = h.id;
    else if (name === "name" && op.path.startsWith("/api/settings/")) values[name] = "numbers";
    else if (name === "type" && (op.path.startsWith("/api/posts/") || op.path.startsWith("/api/feeds/")))
      values[name] = "review";
    else if (name === "post_name") values[name] = "about-her";
    else if (name === "id" && op.path.startsWith("/api/user-reviews/")) values[name] = h.userReviewId;
    else if (name === "id" && op.path.startsWith("/api/comments/")) values[name] = h.commentId;
    else return null;
  }
  return values;
}

function queryStrings(op: Operation, h: Hidden): string[] {
  const declared = QUERY_SETS[describeOperation(op)];
  const sets = declared ? declared(h) : [op.query.includes("query") ? { query: h.marker.slice(0, 8) } : {}];
  return sets.map((set) => {
    const q = new URLSearchParams(set).toString();
    return q ? `?${q}` : "";
  });
}

async function headersOf(viewer: Viewer): Promise<Record<string, string>> {
  if (viewer === "fan") return { ...freshClientIp(), ...(await fanHeaders()) };
  // 81.2.69.142 is in Great Britain in the GeoLite2 test data the API ships.
  if (viewer === "guest from GB")
    return { "CamAtlas-Client-Ip": "81.2.69.142", "x-internal-token": "test-internal-token" };
  return freshClientIp();
}

describe("a hidden model", () => {
  it("is named by no public read to a viewer the model page would refuse", async () => {
    const reads = (await liveOperations(t)).filter(
      (op) => op.method === "GET" && op.access === "public" && !op.path.startsWith("/api/health"),
    );
    expect(reads.length).toBeGreaterThan(20);
    const leaks: string[] = [];
    const unfilled: string[] = [];
    const broken: string[] = [];
    for (const op of reads) {
      for (const h of hidden) {
        const values = pathValues(op, h);
        if (!values) {
          unfilled.push(describeOperation(op));
          break;
        }
        for (const query of queryStrings(op, h)) {
          const url = urlOf(op.path, values) + query;
          // What the caller sent may come back (a legacy address restating its nickname): that names nothing new.
          // A search's own words are not stripped: its results must not name the model.
          const params = [...new URLSearchParams(query)].filter(([key]) => key !== "query").map(([, v]) => v);
          const sent = [...Object.values(values), ...params].map((v) => String(v).toLowerCase());
          for (const viewer of h.hiddenFrom) {
            const res = await t.call("GET", url, { headers: await headersOf(viewer) });
            const text = await res.text();
            if (res.status >= 500 || res.status === 422)
              broken.push(`${url} as ${viewer}: ${res.status} ${text}`);
            let seen = text.toLowerCase();
            for (const value of sent) seen = seen.replaceAll(value, "");
            const named = [h.marker, h.slug, h.nickname].some((word) => seen.includes(word));
            if (named) leaks.push(`${url} as ${viewer}: ${res.status} ${text.slice(0, 300)}`);
          }
        }
      }
    }
    expect(unfilled, "public reads whose parameters this test cannot fill (declare them)").toEqual([]);
    expect(broken, "reads that did not answer (the check would be empty)").toEqual([]);
    expect(leaks).toEqual([]);
  }, 300_000);

  it("while the same reads list a visible model (the control)", async () => {
    const lists = [
      "/api/models?query=qxvisibl",
      "/api/search/typeahead?query=qxvisibl",
      "/api/featured-models",
    ];
    for (const url of [...lists, `/api/users/${owner.id}`, "/api/sitemap-entries"]) {
      const text = await (await t.call("GET", url, { headers: freshClientIp() })).text();
      expect(text.toLowerCase(), url).toContain(visibleMarker);
    }
  });
});
