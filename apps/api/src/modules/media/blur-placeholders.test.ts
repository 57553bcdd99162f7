import { schema, upsertSetting } from "@camatlas/db";
import { createMedia, createModel, createNickname } from "@camatlas/db/factories";
import { CAMSITE_ID } from "@camatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { createSignedInUser } from "../auth/test-sessions.ts";
import { presentUserRef } from "../forum/presenter.ts";

// Every picture a reply names carries its blur placeholder (a tiny bitmap data URL decoded from the BlurHash stored
// at upload or ingest), so pages reserve its box and show its colours while it loads; without a BlurHash, null.

const HASH = "LEHV6nWB2yk8pyo0adR*.7kCMdnj";
const PLACEHOLDER = /^data:image\/bmp;base64,[A-Za-z0-9+/]+=*$/;

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

async function get(path: string) {
  const res = await t.call("GET", `/api${path}`);
  expect(res.status).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: replies are read loosely; each assertion pins the value it needs.
  return (await res.json()) as Record<string, any>;
}

describe("blur placeholders in replies", () => {
  it("gives live snapshots theirs, in her snapshot list and in the snapshot search", async () => {
    const avatar = await createMedia(t.database.db, { path: "avatars/pia.webp", blurhash: HASH });
    const model = await createModel(t.database.db, { slug: "placeholder-pia", avatarMediaId: avatar.id });
    const nickname = await createNickname(t.database.db, {
      modelId: model.id,
      camSiteId: CAMSITE_ID.chaturbate,
      nickname: "blurpia",
    });
    const kept = await createMedia(t.database.db, { path: "snapshots/kept.webp", blurhash: HASH });
    const base = { modelId: model.id, nicknameId: nickname.id, camSiteId: CAMSITE_ID.chaturbate };
    await t.database.db.insert(schema.imageRecords).values([
      {
        ...base,
        url: "/media/portraits/placeholder-pia/snapshot-1.webp?shot=1",
        blurhash: HASH,
        takenAt: new Date(3e12 / 2),
      },
      { ...base, mediaId: kept.id, takenAt: new Date(3e12 / 2 - 60_000) },
      { ...base, url: "https://img.example/room.jpg", takenAt: new Date(3e12 / 2 - 120_000) },
    ]);

    // Her avatar on her nickname's stats page.
    expect((await get("/stats/nicknames/chaturbate/blurpia")).avatar_placeholder).toMatch(PLACEHOLDER);
    const list = await get("/stats/nicknames/chaturbate/blurpia/snapshots?per_page=12");
    expect(list.data.map((s: { placeholder: string | null }) => s.placeholder)).toEqual([
      expect.stringMatching(PLACEHOLDER),
      // A kept file's BlurHash comes from its media row.
      expect.stringMatching(PLACEHOLDER),
      null,
    ]);
    const search = await get("/search/snapshots?query=blurpia");
    expect(search.data.map((s: { placeholder: string | null }) => s.placeholder)).toEqual([
      expect.stringMatching(PLACEHOLDER),
      expect.stringMatching(PLACEHOLDER),
      null,
    ]);
  });

  it("gives a member's avatar its placeholder on the profile and in the forum's user refs", async () => {
    const avatar = await createMedia(t.database.db, { path: "avatars/blur-me.webp", blurhash: HASH });
    const { user } = await createSignedInUser(t, { avatarMediaId: avatar.id, nickName: "blur_member" });
    const { user: plain } = await createSignedInUser(t, { nickName: "plain_member" });
    expect((await get(`/users/${user.id}`)).avatar_placeholder).toMatch(PLACEHOLDER);
    expect((await get(`/users/${plain.id}`)).avatar_placeholder).toBeNull();
    expect((await get("/search/users?query=blur_member")).data[0].avatar_placeholder).toMatch(PLACEHOLDER);

    expect(
      presentUserRef({ id: 1, nick_name: "a", avatar_path: "avatars/a.webp", avatar_blurhash: HASH })
        ?.avatar_placeholder,
    ).toMatch(PLACEHOLDER);
    expect(
      presentUserRef({ id: 1, nick_name: "a", avatar_path: null, avatar_blurhash: HASH })?.avatar_placeholder,
    ).toBeNull();
  });

  it("gives a featured picture and the home's header picture theirs", async () => {
    const model = await createModel(t.database.db, { slug: "featured-blur" });
    const picture = await createMedia(t.database.db, { path: "featured/blur.webp", blurhash: HASH });
    await t.database.db.insert(schema.featuredModels).values({ modelId: model.id, mediaId: picture.id });
    const featured = (await get("/featured-models")) as unknown as Array<Record<string, unknown>>;
    expect(featured.find((f) => f.image === "/media/featured/blur.webp")?.image_placeholder).toMatch(
      PLACEHOLDER,
    );

    await createMedia(t.database.db, { path: "settings/hero.webp", blurhash: HASH });
    await upsertSetting(t.database.db, {
      name: "home",
      value: {
        title: "Hi",
        subheading: "",
        header_image: "/media/settings/hero.webp",
        mobile_header_image: "/media/settings/missing.webp",
        footer_image: "https://cdn.example/footer.jpg",
      },
      isPublic: true,
    });
    const settings = await get("/settings-object");
    expect(settings.image_placeholders).toEqual({
      "/media/settings/hero.webp": expect.stringMatching(PLACEHOLDER),
    });
  });
});
