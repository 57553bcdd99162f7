import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { isBlurhashValid } from "blurhash";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  avatarPortraitPath,
  ensurePortraitFile,
  parsePortraitPath,
  renderPortrait,
  snapshotPortraitPath,
} from "./portrait-images.ts";
import {
  AVATAR_HEIGHT,
  AVATAR_WIDTH,
  avatarScene,
  renderPortraitSvg,
  SNAPSHOT_HEIGHT,
  SNAPSHOT_VARIANTS,
  SNAPSHOT_WIDTH,
  snapshotScene,
} from "./portrait-svg.ts";
import { HAIR_BY_TAG, portraitLooksFromTags, portraitTraits, SKIN_BY_TAG } from "./portrait-traits.ts";

const SLUGS = Array.from({ length: 40 }, (_, i) => `model-${i}-demo`);

describe("demo portraits", () => {
  it("draws the same bytes for the same seed", async () => {
    const first = await renderPortrait("anna-rose", avatarScene());
    const again = await renderPortrait("anna-rose", avatarScene());
    expect(Buffer.compare(first, again)).toBe(0);
    const snapshot = await renderPortrait("anna-rose", snapshotScene("anna-rose", 3));
    expect(Buffer.compare(snapshot, await renderPortrait("anna-rose", snapshotScene("anna-rose", 3)))).toBe(
      0,
    );
  });

  it("gives different models different faces", () => {
    const faces = SLUGS.map((slug) => {
      const { seed: _seed, backdrop: _b, room: _r, wall: _w, glow: _g, ...face } = portraitTraits(slug);
      return JSON.stringify(face);
    });
    expect(new Set(faces).size).toBe(SLUGS.length);
    // Not one look repeated: hair, skin and face shape vary across the set.
    const traits = SLUGS.map((slug) => portraitTraits(slug));
    expect(new Set(traits.map((t) => t.hairStyle)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(traits.map((t) => t.skin)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(traits.map((t) => t.hairColor)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(traits.map((t) => t.faceShape)).size).toBe(4);
  });

  it("draws her avatar and her snapshots from the same face, in different scenes", () => {
    const traits = portraitTraits("bella-x");
    const avatar = renderPortraitSvg(traits, avatarScene());
    const snapshots = Array.from({ length: SNAPSHOT_VARIANTS }, (_, i) =>
      renderPortraitSvg(traits, snapshotScene("bella-x", i)),
    );
    // Her skin, hair, eyes and lips are in every picture of her.
    for (const svg of [avatar, ...snapshots])
      for (const colour of [traits.skin, traits.hairColor, traits.eyeColor, traits.lipColor])
        expect(svg).toContain(colour);
    // The snapshots differ from one another (framing, light, pose), and from the avatar.
    expect(new Set([avatar, ...snapshots]).size).toBe(SNAPSHOT_VARIANTS + 1);
    expect(snapshotScene("bella-x", 2)).toEqual(snapshotScene("bella-x", 2 + SNAPSHOT_VARIANTS));
    // Another model's picture does not carry her face.
    const other = portraitTraits("carla-m");
    expect(renderPortraitSvg(other, avatarScene())).not.toBe(avatar);
  });

  it("follows her hair and skin tags, and keeps the rest of her face", () => {
    expect(portraitLooksFromTags(["Petite", "Redhead", "Latina", "Blonde"])).toEqual({
      hair: "redhead",
      skin: "latina",
    });
    expect(portraitLooksFromTags(["black-hair", "ebony"])).toEqual({ hair: "black hair", skin: "ebony" });
    expect(portraitLooksFromTags(["lovense"])).toEqual({ hair: null, skin: null });
    for (const slug of SLUGS) {
      const plain = portraitTraits(slug);
      // No tags: the face the seed always gave.
      expect(portraitTraits(slug, { hair: null, skin: null })).toEqual(plain);
      const tagged = portraitTraits(slug, { hair: "blonde", skin: "ebony" });
      expect(HAIR_BY_TAG.blonde).toContain(tagged.hairColor);
      expect(SKIN_BY_TAG.ebony).toContain(tagged.skin);
      expect(portraitTraits(slug, { hair: "blonde", skin: "ebony" })).toEqual(tagged);
      const { hairColor: _h, skin: _s, browColor: _b, freckles: _f, ...rest } = tagged;
      const { hairColor: _h2, skin: _s2, browColor: _b2, freckles: _f2, ...plainRest } = plain;
      expect(rest).toEqual(plainRest);
      expect(tagged.freckles).toBe(false);
      expect(HAIR_BY_TAG.redhead).toContain(portraitTraits(slug, { hair: "redhead", skin: null }).hairColor);
      expect(SKIN_BY_TAG.asian).toContain(portraitTraits(slug, { hair: null, skin: "asian" }).skin);
    }
  });

  it("renders an avatar and a snapshot at their sizes", async () => {
    const avatar = await sharp(await renderPortrait("dina-sun", avatarScene())).metadata();
    expect([avatar.format, avatar.width, avatar.height]).toEqual(["webp", AVATAR_WIDTH, AVATAR_HEIGHT]);
    const snapshot = await sharp(await renderPortrait("dina-sun", snapshotScene("dina-sun", 0))).metadata();
    expect([snapshot.width, snapshot.height]).toEqual([SNAPSHOT_WIDTH, SNAPSHOT_HEIGHT]);
  });

  it("reads only its own storage keys", () => {
    expect(avatarPortraitPath("eva-blue")).toBe("portraits/eva-blue/avatar.webp");
    expect(snapshotPortraitPath("eva-blue", 11)).toBe(
      `portraits/eva-blue/snapshot-${11 % SNAPSHOT_VARIANTS}.webp`,
    );
    expect(parsePortraitPath("portraits/eva-blue/avatar.webp")?.scene.kind).toBe("avatar");
    expect(parsePortraitPath("portraits/eva-blue/snapshot-3.webp")?.scene).toEqual(
      snapshotScene("eva-blue", 3),
    );
    for (const bad of [
      "portraits/eva-blue/snapshot-9.webp",
      "portraits/../avatar.webp",
      "portraits/Eva/avatar.webp",
      "portraits/eva-blue/avatar.png",
      "portraits/eva-blue/x/avatar.webp",
      "avatars/eva-blue/avatar.webp",
    ])
      expect(parsePortraitPath(bad)).toBeNull();
  });

  it("writes a portrait once and gives its size and placeholder", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "portraits-"));
    try {
      const key = avatarPortraitPath("fiona-k");
      const [written, twice] = await Promise.all([
        ensurePortraitFile(dir, key),
        ensurePortraitFile(dir, key),
      ]);
      const bytes = await readFile(path.join(dir, key));
      expect(written).toEqual(twice);
      expect(written).toMatchObject({ size: bytes.length, width: AVATAR_WIDTH, height: AVATAR_HEIGHT });
      expect(isBlurhashValid(written?.blurhash ?? "").result).toBe(true);
      const first = await stat(path.join(dir, key));
      await ensurePortraitFile(dir, key);
      expect((await stat(path.join(dir, key))).mtimeMs).toBe(first.mtimeMs);
      expect(ensurePortraitFile(dir, "portraits/../../etc/passwd")).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
