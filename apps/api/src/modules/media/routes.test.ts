import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { schema } from "@camatlas/db";
import { createUser } from "@camatlas/db/factories";
import {
  API_MESSAGES,
  IMAGE_UPLOAD_MAX_BYTES,
  ROLE,
  SHELL_MESSAGES,
  VALIDATION_MESSAGES,
} from "@camatlas/shared";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { movePrivateMediaOutOfPublicTree } from "./service.ts";

let t: TestApi;
let dataDir: string;
const auth: Record<"fan" | "other" | "admin", { id: number; header: string }> = {} as never;

const png = (width = 40, height = 30, color = "#c026d3") =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

function form(files: Record<string, { bytes: Uint8Array; name: string; type: string }>) {
  const data = new FormData();
  for (const [field, file] of Object.entries(files)) {
    data.append(field, new File([file.bytes as BlobPart], file.name, { type: file.type }));
  }
  return data;
}

function upload(
  url: string,
  who: keyof typeof auth | null,
  body: BodyInit,
  headers: Record<string, string> = {},
) {
  const init: RequestInit & { duplex?: string } = {
    method: "POST",
    body,
    headers: { ...(who ? { authorization: auth[who].header } : {}), ...headers },
  };
  if (body instanceof ReadableStream) init.duplex = "half";
  return t.api.fetch(new Request(`http://localhost/api${url}`, init));
}

const mediaFile = (link: string) => path.join(dataDir, link.replace(/^\//, ""));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "camatlas-media-test-"));
  t = await createTestApi({ DATA_DIR: dataDir });
  for (const [key, roleId] of [
    ["fan", ROLE.camfan],
    ["other", ROLE.camfan],
    ["admin", ROLE.admin],
  ] as const) {
    const user = await createUser(t.database.db, { roleId });
    auth[key] = { id: user.id, header: `Bearer ${await t.deps.tokens.issue({ id: user.id, roleId })}` };
  }
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("POST /api/media", () => {
  it("refuses guests with 401", async () => {
    const res = await upload(
      "/media",
      null,
      form({ file: { bytes: await png(), name: "a.png", type: "image/png" } }),
    );
    expect(res.status).toBe(401);
  });

  it("stores a PNG re-encoded as webp, with its size, blurhash and uploader", async () => {
    const res = await upload(
      "/media",
      "fan",
      form({ file: { bytes: await png(40, 30), name: "holiday photo.png", type: "image/png" } }),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      id: expect.any(Number),
      name: "holiday photo.webp",
      meta: { type: "image", width: 40, height: 30 },
      blurhash: expect.any(String),
    });
    expect(body.link).toMatch(/^\/media\/uploads\/\d{4}-\d{2}\/[0-9a-f-]{36}\.webp$/);
    const stored = await readFile(mediaFile(body.link));
    expect((await sharp(stored).metadata()).format).toBe("webp");
    const row = await t.database.db.query.media.findFirst({ where: (m, { eq }) => eq(m.id, body.id) });
    expect(row).toMatchObject({ userId: auth.fan.id, kind: "other", mimeType: "image/webp" });
  });

  it("sniffs the content: a text file named .png with an image MIME type is a 422 on `file`", async () => {
    const res = await upload(
      "/media",
      "fan",
      form({
        file: { bytes: new TextEncoder().encode("not an image at all"), name: "x.png", type: "image/png" },
      }),
    );
    expect(res.status).toBe(422);
    expect((await res.json()).errors.file).toEqual([API_MESSAGES.invalidFileFormat]);
  });

  it("refuses image formats outside jpg, png and webp (GIF, SVG)", async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    for (const bytes of [gif, svg]) {
      const res = await upload("/media", "fan", form({ file: { bytes, name: "x.jpg", type: "image/jpeg" } }));
      expect(res.status).toBe(422);
    }
  });

  it("accepts a JPEG whatever its name, and strips its metadata", async () => {
    const jpeg = await sharp({ create: { width: 20, height: 10, channels: 3, background: "#123456" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "Secret Camera Owner" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload("/media", "fan", form({ file: { bytes: jpeg, name: "upload.bin", type: "" } }));
    expect(res.status).toBe(201);
    const stored = await readFile(mediaFile((await res.json()).link));
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.includes(Buffer.from("Secret Camera Owner"))).toBe(false);
  });

  it("answers 422 when the file field is missing", async () => {
    const res = await upload("/media", "fan", form({}));
    expect(res.status).toBe(422);
    expect((await res.json()).errors.file).toEqual([VALIDATION_MESSAGES.required]);
  });

  it("answers 413 for a declared body over the limit, before reading it", async () => {
    const res = await upload("/media", "fan", new Uint8Array(16), {
      "content-type": "multipart/form-data; boundary=x",
      "content-length": String(IMAGE_UPLOAD_MAX_BYTES * 2),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: API_MESSAGES.fileTooLarge });
  });

  it("counts the bytes actually sent: a chunked body over the limit is a 413", async () => {
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 8) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const res = await upload("/media", "fan", stream, { "content-type": "multipart/form-data; boundary=x" });
    expect(res.status).toBe(413);
    // Reading stopped at the cap, not at the end of the stream.
    expect(sent).toBeLessThan(8);
  });

  it("answers 413 for a file just over 5251072 bytes inside an allowed body", async () => {
    const big = new Uint8Array(IMAGE_UPLOAD_MAX_BYTES + 1);
    const res = await upload(
      "/media",
      "fan",
      form({ file: { bytes: big, name: "big.png", type: "image/png" } }),
    );
    expect(res.status).toBe(413);
  });
});

describe("POST /api/media/avatar and /media/featured-model", () => {
  it("shrinks avatars to at most 512 px", async () => {
    const res = await upload(
      "/media/avatar",
      "fan",
      form({ file: { bytes: await png(1200, 800), name: "me.png", type: "image/png" } }),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.meta).toEqual({ type: "image", width: 512, height: 341 });
    expect(body.link).toMatch(/^\/media\/avatars\//);
  });

  it("lets only admins upload featured model pictures", async () => {
    const file = () => form({ file: { bytes: Buffer.from([]), name: "f.png", type: "image/png" } });
    expect((await upload("/media/featured-model", "fan", file())).status).toBe(403);
    const res = await upload(
      "/media/featured-model",
      "admin",
      form({ file: { bytes: await png(), name: "f.png", type: "image/png" } }),
    );
    expect(res.status).toBe(201);
  });

  it("stores verification photos outside the public media tree, served to admins only", async () => {
    const res = await upload(
      "/media/verification-image",
      "other",
      form({ file: { bytes: await png(), name: "id.png", type: "image/png" } }),
    );
    expect(res.status).toBe(201);
    const { id, link } = await res.json();
    // Not a /media/ address (that tree is public, and ids are sequential): the admins' route.
    expect(link).toBe(`/api/admin/media/${id}/file`);
    const [row] = await t.database.db.select().from(schema.media).where(eq(schema.media.id, id));
    expect(row!.path).toMatch(/^private\/verification\//);
    expect(existsSync(path.join(dataDir, "media", row!.path))).toBe(false);
    expect(existsSync(path.join(dataDir, "media", row!.path.replace(/^private\//, "")))).toBe(false);
    expect(existsSync(path.join(dataDir, "private-media", row!.path.replace(/^private\//, "")))).toBe(true);

    const get = (who: keyof typeof auth | null) =>
      t.api.fetch(
        new Request(`http://localhost${link}`, {
          headers: who ? { authorization: auth[who].header } : {},
        }),
      );
    expect((await get(null)).status).toBe(401);
    // Not even its uploader gets it back: only admins look at verification photos.
    expect((await get("other")).status).toBe(403);
    const asAdmin = await get("admin");
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get("content-type")).toBe("image/webp");
    expect(asAdmin.headers.get("cache-control")).toBe("private, no-store");
    expect((await sharp(new Uint8Array(await asAdmin.arrayBuffer())).metadata()).format).toBe("webp");
  });

  it("the admins' route serves only private files: a public one or an unknown id answers 404", async () => {
    const avatar = await upload(
      "/media/avatar",
      "fan",
      form({ file: { bytes: await png(), name: "a.png", type: "image/png" } }),
    );
    const { id } = await avatar.json();
    for (const mediaId of [id, 999_999]) {
      const res = await t.api.fetch(
        new Request(`http://localhost/api/admin/media/${mediaId}/file`, {
          headers: { authorization: auth.admin.header },
        }),
      );
      expect(res.status).toBe(404);
    }
  });
});

describe("verification photos stored by an older version under the public tree", () => {
  it("move out of it at start, their rows following; avatars stay", async () => {
    const legacy = "verification/2026-01/legacy.webp";
    await mkdir(path.join(dataDir, "media", "verification/2026-01"), { recursive: true });
    await writeFile(path.join(dataDir, "media", legacy), "legacy photo");
    const [row] = await t.database.db
      .insert(schema.media)
      .values({ kind: "verification_image", path: legacy, name: "l.webp", mimeType: "image/webp" })
      .returning();
    expect(await movePrivateMediaOutOfPublicTree(t.deps)).toBe(1);
    expect(existsSync(path.join(dataDir, "media", legacy))).toBe(false);
    expect(await readFile(path.join(dataDir, "private-media", legacy), "utf8")).toBe("legacy photo");
    const [moved] = await t.database.db.select().from(schema.media).where(eq(schema.media.id, row!.id));
    expect(moved!.path).toBe(`private/${legacy}`);
    expect(await movePrivateMediaOutOfPublicTree(t.deps)).toBe(0);
  });
});

describe("POST /api/media/comment-attachments", () => {
  const countOwn = async (userId: number) =>
    (await t.database.db.query.media.findMany({ where: (m, { eq }) => eq(m.userId, userId) })).length;

  it("stores every attachments[n] file and answers with a list", async () => {
    const res = await upload(
      "/media/comment-attachments",
      "other",
      form({
        "attachments[0]": { bytes: await png(10, 10), name: "a.png", type: "image/png" },
        "attachments[1]": { bytes: await png(12, 12, "#0f0"), name: "b.png", type: "image/png" },
      }),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.map((m: { name: string }) => m.name)).toEqual(["a.webp", "b.webp"]);
  });

  it("writes nothing when one of the files is not an image (422 on that file)", async () => {
    const before = await countOwn(auth.other.id);
    const res = await upload(
      "/media/comment-attachments",
      "other",
      form({
        "attachments[0]": { bytes: await png(), name: "a.png", type: "image/png" },
        "attachments[1]": { bytes: new TextEncoder().encode("nope"), name: "b.png", type: "image/png" },
      }),
    );
    expect(res.status).toBe(422);
    expect((await res.json()).errors["attachments.1"]).toEqual([API_MESSAGES.invalidFileFormat]);
    expect(await countOwn(auth.other.id)).toBe(before);
  });

  it("refuses more than five files", async () => {
    const bytes = await png(4, 4);
    const files = Object.fromEntries(
      Array.from({ length: 6 }, (_, i) => [
        `attachments[${i}]`,
        { bytes, name: `${i}.png`, type: "image/png" },
      ]),
    );
    const res = await upload("/media/comment-attachments", "other", form(files));
    expect(res.status).toBe(422);
    expect((await res.json()).errors.attachments).toEqual([SHELL_MESSAGES.tooManyFiles]);
  });
});

describe("DELETE /api/media/{id}", () => {
  async function uploadAs(who: keyof typeof auth) {
    const res = await upload(
      "/media",
      who,
      form({ file: { bytes: await png(), name: "d.png", type: "image/png" } }),
    );
    return (await res.json()) as { id: number; link: string };
  }
  const del = (id: number, who: keyof typeof auth) =>
    t.call("DELETE", `/api/media/${id}`, { headers: { authorization: auth[who].header } });

  it("lets the owner delete an upload, file included; others get 403", async () => {
    const media = await uploadAs("fan");
    expect((await del(media.id, "other")).status).toBe(403);
    expect(existsSync(mediaFile(media.link))).toBe(true);
    const res = await del(media.id, "fan");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: API_MESSAGES.deleted });
    expect(existsSync(mediaFile(media.link))).toBe(false);
    expect((await del(media.id, "fan")).status).toBe(404);
  });

  it("lets an admin delete anyone's upload", async () => {
    const media = await uploadAs("fan");
    expect((await del(media.id, "admin")).status).toBe(200);
  });

  it("keeps a file another media row still uses", async () => {
    const media = await uploadAs("fan");
    const row = await t.database.db.query.media.findFirst({ where: (m, { eq }) => eq(m.id, media.id) });
    await t.database.db.insert(schema.media).values({ ...row!, id: undefined });
    expect((await del(media.id, "fan")).status).toBe(200);
    expect(existsSync(mediaFile(media.link))).toBe(true);
  });
});

describe("POST /api/media/presigned", () => {
  it("answers a signed link on the site itself while media live in the local folder (direct-upload.test.ts)", async () => {
    const res = await t.call("POST", "/api/media/presigned", {
      headers: { authorization: auth.fan.header },
      body: { name: "clip.mp4", content_type: "video/mp4", size: 1000 },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).upload_url).toMatch(/^\/api\/media\/uploads\/\d+\?expires=/);
  });
});

describe("upload rate limit", () => {
  it("answers 429 after 30 uploads in ten minutes by one user", async () => {
    const user = await createUser(t.database.db);
    auth.other = { id: user.id, header: `Bearer ${await t.deps.tokens.issue({ id: user.id, roleId: 2 })}` };
    const bytes = await png(2, 2);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await upload(
        "/media",
        "other",
        form({ file: { bytes, name: "r.png", type: "image/png" } }),
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
