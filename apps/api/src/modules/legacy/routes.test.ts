import { schema } from "@camatlas/db";
import { createMedia, createModel, createUser } from "@camatlas/db/factories";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

let t: TestApi;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApi();
  const { db } = t.database;
  const avatar = await createMedia(db);
  const model = await createModel(db, {
    avatarMediaId: avatar.id,
    slug: "luna-rivers",
    name: "Luna Rivers",
    nicknames: [
      { camSiteId: 33, nickname: "LunaRiversX" },
      { camSiteId: 36, nickname: "Luna_HD" },
    ],
  });
  const hidden = await createModel(db, { slug: "hidden-girl", isVisible: false });
  const user = await createUser(db, { nickName: "night.owl" });
  const [post] = await db
    .insert(schema.posts)
    .values({
      type: "review",
      postName: "best-cam-sites-2026",
      postTitle: "Best cam sites",
      status: "published",
      publishedAt: new Date(Date.now() - 60_000),
    })
    .returning();
  const [blog] = await db
    .insert(schema.posts)
    .values({
      type: "blog",
      postName: "hello-world",
      postTitle: "Hello",
      status: "published",
      publishedAt: new Date(Date.now() - 60_000),
    })
    .returning();
  const comment = (commentZone: "model" | "profile" | "post", commentableId: number) =>
    db
      .insert(schema.comments)
      .values({ commentZone, commentableId, text: "Nice!", userId: user.id })
      .returning()
      .then((rows) => rows[0]!.id);
  ids.modelComment = await comment("model", model.id);
  ids.userComment = await comment("profile", user.id);
  ids.reviewComment = await comment("post", post!.id);
  ids.blogComment = await comment("post", blog!.id);
  ids.hiddenModelComment = await comment("model", hidden.id);
  const [image] = await db
    .insert(schema.imageRecords)
    .values({ modelId: model.id, camSiteId: 33, type: "snapshot" })
    .returning();
  const [nicknameOnlyImage] = await db
    .insert(schema.imageRecords)
    .values({ nicknameId: model.nicknames[1]!.id, camSiteId: 36, type: "snapshot" })
    .returning();
  ids.image = image!.id;
  ids.nicknameImage = nicknameOnlyImage!.id;
  ids.avatar = avatar.id;
});
afterAll(() => t.close());

const resolve = async (query: string) => {
  const res = await t.call("GET", `/api/legacy/resolve?${query}`);
  return { status: res.status, body: await res.json() };
};

describe("GET /api/legacy/resolve", () => {
  it("camsite id → /camsites/{slug}", async () => {
    expect(await resolve("kind=camsite&id=33")).toEqual({
      status: 200,
      body: { url: "/camsites/chaturbate" },
    });
    expect((await resolve("kind=camsite&id=999")).status).toBe(404);
  });

  it("camsite profile → the nickname page, in the nickname's own spelling", async () => {
    expect(await resolve("kind=camsite-profile&camsite_id=33&name=lunariversx")).toEqual({
      status: 200,
      body: { url: "/chaturbate/model/LunaRiversX" },
    });
    expect((await resolve("kind=camsite-profile&camsite_id=36&name=LunaRiversX")).status).toBe(404);
  });

  it("dataJSON → the stats page, by camsite slug or id", async () => {
    expect((await resolve("kind=data-json&camsite=stripchat&name=Luna_HD")).body).toEqual({
      url: "/stats/stripchat/Luna_HD",
    });
    expect((await resolve("kind=data-json&camsite_id=33&name=LunaRiversX")).body).toEqual({
      url: "/stats/chaturbate/LunaRiversX",
    });
    expect((await resolve("kind=data-json&camsite=nosuchsite&name=Luna_HD")).status).toBe(404);
  });

  it("comment → the page holding it (a model's Comments tab), with #comment-{id}", async () => {
    expect((await resolve(`kind=comment&id=${ids.modelComment}`)).body).toEqual({
      url: `/models/luna-rivers?tab=comments#comment-${ids.modelComment}`,
    });
    expect((await resolve(`kind=comment&id=${ids.userComment}`)).body).toEqual({
      url: `/users/night.owl#comment-${ids.userComment}`,
    });
    expect((await resolve(`kind=comment&id=${ids.reviewComment}`)).body).toEqual({
      url: `/reviews/best-cam-sites-2026#comment-${ids.reviewComment}`,
    });
    expect((await resolve(`kind=comment&id=${ids.blogComment}`)).body).toEqual({
      url: `/blog/hello-world#comment-${ids.blogComment}`,
    });
    expect((await resolve(`kind=comment&id=${ids.hiddenModelComment}`)).status).toBe(404);
    expect((await resolve("kind=comment&id=987654")).status).toBe(404);
  });

  it("profile → /users/{nick_name}", async () => {
    expect((await resolve("kind=profile&name=NIGHT.OWL")).body).toEqual({ url: "/users/night.owl" });
    expect((await resolve("kind=profile&name=nobody-here")).status).toBe(404);
  });

  it("picture → the page of its model (image record, nickname, or avatar media id)", async () => {
    expect((await resolve(`kind=picture&id=${ids.image}`)).body).toEqual({ url: "/models/luna-rivers" });
    expect((await resolve(`kind=picture&id=${ids.nicknameImage}`)).body).toEqual({
      url: "/stats/stripchat/Luna_HD",
    });
    expect((await resolve("kind=picture&id=5555555")).status).toBe(404);
    const avatarOnly = await resolve(`kind=picture&id=${ids.avatar}`);
    // Image records win over media ids; an id that is only a media row leads to its model.
    if (ids.avatar !== ids.image && ids.avatar !== ids.nicknameImage) {
      expect(avatarOnly.body).toEqual({ url: "/models/luna-rivers" });
    }
  });

  it("answers 422 when the kind's parameter is missing or the kind is unknown", async () => {
    const missing = await resolve("kind=camsite-profile&camsite_id=33");
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(["name"]);
    expect((await resolve("kind=banana&id=1")).status).toBe(422);
    expect((await resolve("kind=camsite&id=abc")).status).toBe(422);
  });
});
