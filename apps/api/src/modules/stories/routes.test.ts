import { schema } from "@camatlas/db";
import { createModel } from "@camatlas/db/factories";
import { ROLE, STORY_MESSAGES, VALIDATION_MESSAGES } from "@camatlas/shared";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setSiteClockOffset } from "../../lib/site-clock.ts";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { auditOf, type SignedIn, signIn } from "../models/test-helpers.ts";

let t: TestApi;
let girl: SignedIn;
let otherGirl: SignedIn;
let fan: SignedIn;
let admin: SignedIn;
let model: { id: number; name: string };
let othersModel: { id: number; name: string };

const MINUTE = 60_000;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();

/** An image uploaded through POST /media by the user: stored, re-encoded and with its blurhash. */
async function uploadImage(who: SignedIn): Promise<{ id: number; blurhash: string | null }> {
  const bytes = await sharp({ create: { width: 60, height: 90, channels: 3, background: "#7c3aed" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new File([bytes as BlobPart], "story.png", { type: "image/png" }));
  const res = await t.api.fetch(
    new Request("http://localhost/api/media", { method: "POST", headers: who.headers, body: form }),
  );
  expect(res.status).toBe(201);
  return res.json();
}

async function post(who: SignedIn, body: Record<string, unknown>) {
  const res = await t.call("POST", "/api/stories", { headers: who.headers, body });
  return { status: res.status, body: await res.json() };
}

async function list(query: string, who?: SignedIn, headers: Record<string, string> = {}) {
  const res = await t.call("GET", `/api/stories?${query}`, { headers: { ...headers, ...who?.headers } });
  expect(res.status).toBe(200);
  return res.json();
}

/** Moves a story's times as the clock would have: publish_at (and archive 24 h later) shifted by `minutes`. */
async function shiftStory(id: number, publishAt: Date) {
  await t.database.db
    .update(schema.stories)
    .set({ publishAt, archivedAt: new Date(publishAt.getTime() + 24 * 60 * MINUTE) })
    .where(eq(schema.stories.id, id));
}

beforeAll(async () => {
  t = await createTestApi();
  [girl, otherGirl, fan, admin] = await Promise.all([
    signIn(t, ROLE.camgirl),
    signIn(t, ROLE.camgirl),
    signIn(t, ROLE.camfan),
    signIn(t, ROLE.admin),
  ]);
  model = await createModel(t.database.db, { name: "Stella Story", userId: girl.id });
  othersModel = await createModel(t.database.db, { name: "Olga Other", userId: otherGirl.id });
});
afterAll(() => t.close());

describe("POST /api/stories", () => {
  it("schedules a story for her bound model: unpublished for everyone but her and admins until publish_at", async () => {
    const media = await uploadImage(girl);
    const created = await post(girl, {
      model_name: "stella story",
      media_id: media.id,
      cam_site_name: "Chaturbate",
      publish_at: inMinutes(30),
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(STORY_MESSAGES.created);
    const story = created.body.data;
    expect(story).toMatchObject({
      state: "unpublished",
      published_at: null,
      media_id: media.id,
      blur: media.blurhash,
      model: { id: model.id, name: "Stella Story" },
      cam_site: { name: "Chaturbate" },
      can_delete: true,
    });
    expect(story.blur).toMatch(/^[0-9A-Za-z#$%*+,-.:;=?@[\]^_{|}~]{6,}$/);
    expect(story.media.type).toBe("image");

    // The public does not see it yet, even asking for scheduled ones; she and admins do.
    expect((await list(`model_id=${model.id}`)).data).toEqual([]);
    expect((await list(`model_id=${model.id}&show_unpublished=1`, fan)).data).toEqual([]);
    expect((await list(`model_id=${model.id}&show_unpublished=1`, otherGirl)).data).toEqual([]);
    const own = await list(`model_id=${model.id}&show_unpublished=1`, girl);
    expect(own.data.map((s: { id: number }) => s.id)).toEqual([story.id]);
    expect(own.meta.can_create).toBe(true);
    expect((await list(`model_name=Stella%20Story&show_unpublished=1`, admin)).data).toHaveLength(1);
    expect((await list(`model_id=${model.id}`, fan)).meta.can_create).toBe(false);

    // publish_at passes: published at once (the state is read from the clock), for everyone.
    await shiftStory(story.id, new Date(Date.now() - MINUTE));
    const live = await list(`model_id=${model.id}`);
    expect(live.data).toHaveLength(1);
    expect(live.data[0].state).toBe("published");
    expect(live.data[0].published_at).not.toBeNull();
    expect((await list("")).data.map((s: { id: number }) => s.id)).toContain(story.id);
    expect((await list("cam_site_name=chaturbate")).data.map((s: { id: number }) => s.id)).toContain(
      story.id,
    );
    // Her profile tells her live stories.
    const profile = await (await t.call("GET", `/api/models/${model.id}`)).json();
    expect(profile.last_published_stories).toEqual([story.id]);
    expect(profile.stats_last_published_stories.count).toBe(1);

    // 24 hours later it is archived: off the rail, still on her Stories tab as a highlight.
    await shiftStory(story.id, new Date(Date.now() - 25 * 60 * MINUTE));
    expect((await list(`model_id=${model.id}`)).data).toEqual([]);
    const highlights = await list(`model_id=${model.id}&with_archived=1`);
    expect(highlights.data).toHaveLength(1);
    expect(highlights.data[0].state).toBe("archived");
    expect(highlights.data[0].archived_at).not.toBeNull();
    const after = await (await t.call("GET", `/api/models/${model.id}`)).json();
    expect(after.stats_last_published_stories).toEqual({ count: 0, last_published_at: null });
  });

  it("reads every state from the site's clock: with a day's test offset a live story is a highlight", async () => {
    const media = await uploadImage(girl);
    const created = await post(girl, {
      model_name: model.name,
      media_id: media.id,
      publish_at: inMinutes(0),
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect((await list(`model_id=${model.id}`)).data.map((s: { id: number }) => s.id)).toContain(id);
    try {
      setSiteClockOffset(24 * 3600 + 60);
      // Off the rail and out of her profile's live stories, on her Stories tab as a highlight.
      expect((await list(`model_id=${model.id}`)).data.map((s: { id: number }) => s.id)).not.toContain(id);
      const highlights = await list(`model_id=${model.id}&with_archived=1`);
      expect(highlights.data.find((s: { id: number }) => s.id === id)?.state).toBe("archived");
      const profile = await (await t.call("GET", `/api/models/${model.id}`)).json();
      expect(profile.last_published_stories).not.toContain(id);
      // Scheduling goes by the same clock: "now" by the machine is a day in the past for the site.
      const late = await post(girl, { model_name: model.name, media_id: media.id, publish_at: inMinutes(0) });
      expect(late.body.errors.publish_at).toEqual([STORY_MESSAGES.publishTooEarly]);
    } finally {
      setSiteClockOffset(0);
    }
    expect((await list(`model_id=${model.id}`)).data.map((s: { id: number }) => s.id)).toContain(id);
  });

  it("refuses a model she is not bound to, times out of range, someone else's media and a non-image; nothing is written", async () => {
    const mine = await uploadImage(girl);
    const theirs = await uploadImage(otherGirl);
    const before = (await t.database.db.select().from(schema.stories)).length;

    const notHers = await post(girl, {
      model_name: othersModel.name,
      media_id: mine.id,
      publish_at: inMinutes(5),
    });
    expect(notHers.status).toBe(422);
    expect(notHers.body.errors.model_name).toEqual([STORY_MESSAGES.notYourModel]);
    // A model that does not exist answers alike, so names cannot be probed.
    const unknown = await post(girl, {
      model_name: "Nobody At All",
      media_id: mine.id,
      publish_at: inMinutes(5),
    });
    expect(unknown.body.errors.model_name).toEqual([STORY_MESSAGES.notYourModel]);

    const past = await post(girl, { model_name: model.name, media_id: mine.id, publish_at: inMinutes(-2) });
    expect(past.body.errors.publish_at).toEqual([STORY_MESSAGES.publishTooEarly]);
    // Within the minute of grace (a slow form) is fine.
    const justNow = await post(girl, {
      model_name: model.name,
      media_id: mine.id,
      publish_at: inMinutes(-0.5),
    });
    expect(justNow.status).toBe(201);
    const far = await post(girl, {
      model_name: model.name,
      media_id: mine.id,
      publish_at: inMinutes(31 * 24 * 60),
    });
    expect(far.body.errors.publish_at).toEqual([STORY_MESSAGES.publishTooLate]);

    const foreign = await post(girl, {
      model_name: model.name,
      media_id: theirs.id,
      publish_at: inMinutes(5),
    });
    expect(foreign.body.errors.media_id).toEqual([VALIDATION_MESSAGES.mediaNotFound]);

    // Her own file that is neither an image nor a video (a document stored by some other path).
    const [doc] = await t.database.db
      .insert(schema.media)
      .values({
        kind: "other",
        path: "uploads/x.pdf",
        name: "x.pdf",
        mimeType: "application/pdf",
        userId: girl.id,
      })
      .returning({ id: schema.media.id });
    const pdf = await post(girl, { model_name: model.name, media_id: doc!.id, publish_at: inMinutes(5) });
    expect(pdf.body.errors.media_id).toEqual([STORY_MESSAGES.notStoryMedia]);
    // Her private verification photo never becomes a story.
    const [photo] = await t.database.db
      .insert(schema.media)
      .values({
        kind: "verification_image",
        path: "private/v.webp",
        name: "v.webp",
        mimeType: "image/webp",
        userId: girl.id,
      })
      .returning({ id: schema.media.id });
    const verification = await post(girl, {
      model_name: model.name,
      media_id: photo!.id,
      publish_at: inMinutes(5),
    });
    expect(verification.body.errors.media_id).toEqual([STORY_MESSAGES.notStoryMedia]);

    const camsite = await post(girl, {
      model_name: model.name,
      media_id: mine.id,
      cam_site_name: "No Such Cams",
      publish_at: inMinutes(5),
    });
    expect(camsite.body.errors.cam_site_name).toEqual([STORY_MESSAGES.unknownCamsite]);
    const badDate = await post(girl, { model_name: model.name, media_id: mine.id, publish_at: "tomorrow" });
    expect(badDate.status).toBe(422);
    expect(badDate.body.errors.publish_at).toBeDefined();

    // Only the one inside the grace minute was written.
    expect((await t.database.db.select().from(schema.stories)).length).toBe(before + 1);
  });

  it("is for camgirls and admins: a camfan is refused, a guest must sign in", async () => {
    const media = await uploadImage(fan);
    expect(
      (await post(fan, { model_name: model.name, media_id: media.id, publish_at: inMinutes(5) })).status,
    ).toBe(403);
    const guest = await t.call("POST", "/api/stories", {
      body: { model_name: model.name, media_id: media.id, publish_at: inMinutes(5) },
    });
    expect(guest.status).toBe(401);
    // An admin may post for any model, with her own upload.
    const adminMedia = await uploadImage(admin);
    const byAdmin = await post(admin, {
      model_name: othersModel.name,
      media_id: adminMedia.id,
      publish_at: inMinutes(5),
    });
    expect(byAdmin.status).toBe(201);
  });
});

describe("POST /api/stories/{id}/view", () => {
  it("marks a story viewed per signed-in user and per browser for a guest", async () => {
    const media = await uploadImage(girl);
    const { body } = await post(girl, {
      model_name: model.name,
      media_id: media.id,
      publish_at: inMinutes(0),
    });
    const id = body.data.id;
    const viewedBy = async (who?: SignedIn, headers: Record<string, string> = {}) =>
      (await list(`model_id=${model.id}`, who, headers)).data.find((s: { id: number }) => s.id === id)
        .viewed_by_current_user;

    expect(await viewedBy(fan)).toBe(false);
    const seen = await t.call("POST", `/api/stories/${id}/view`, { headers: fan.headers });
    expect(seen.status).toBe(200);
    expect(await viewedBy(fan)).toBe(true);
    // Seeing it again changes nothing; another user has not seen it.
    expect((await t.call("POST", `/api/stories/${id}/view`, { headers: fan.headers })).status).toBe(200);
    expect(await viewedBy(otherGirl)).toBe(false);

    const guest = await t.call("POST", `/api/stories/${id}/view`);
    expect(guest.status).toBe(200);
    const cookie = guest.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^viewed_stories=${id};`));
    const jar = cookie.split(";")[0]!;
    expect(await viewedBy(undefined, { cookie: jar })).toBe(true);
    expect(await viewedBy(undefined)).toBe(false);
    // A forged cookie is ignored, not an error.
    expect(await viewedBy(undefined, { cookie: "viewed_stories=1;drop table" })).toBe(false);
  });

  it("answers 404 for a scheduled, deleted or unknown story", async () => {
    const media = await uploadImage(girl);
    const { body } = await post(girl, {
      model_name: model.name,
      media_id: media.id,
      publish_at: inMinutes(60),
    });
    expect((await t.call("POST", `/api/stories/${body.data.id}/view`, { headers: fan.headers })).status).toBe(
      404,
    );
    expect((await t.call("POST", "/api/stories/999999/view")).status).toBe(404);
  });
});

describe("DELETE /api/stories/{id}", () => {
  it("lets her camgirl and admins delete, not others; an admin's removal is audited", async () => {
    const media = await uploadImage(girl);
    const first = (await post(girl, { model_name: model.name, media_id: media.id, publish_at: inMinutes(0) }))
      .body.data;
    const second = (
      await post(girl, { model_name: model.name, media_id: media.id, publish_at: inMinutes(0) })
    ).body.data;
    expect((await t.call("DELETE", `/api/stories/${first.id}`, { headers: fan.headers })).status).toBe(403);
    expect((await t.call("DELETE", `/api/stories/${first.id}`, { headers: otherGirl.headers })).status).toBe(
      403,
    );
    expect((await t.call("DELETE", `/api/stories/${first.id}`, { headers: girl.headers })).status).toBe(200);
    expect((await t.call("DELETE", `/api/stories/${second.id}`, { headers: admin.headers })).status).toBe(
      200,
    );
    expect((await t.call("DELETE", `/api/stories/${second.id}`, { headers: admin.headers })).status).toBe(
      404,
    );
    const ids = (await list(`model_id=${model.id}&with_archived=1`)).data.map((s: { id: number }) => s.id);
    expect(ids).not.toContain(first.id);
    expect(ids).not.toContain(second.id);
    expect(await auditOf(t, "model", model.id)).toEqual(expect.arrayContaining(["story.deleted"]));
  });
});

describe("visibility", () => {
  it("lists no story of a model hidden from the viewer", async () => {
    const media = await uploadImage(girl);
    const hidden = await createModel(t.database.db, { name: "Hidden Hanna", userId: girl.id });
    const { body } = await post(girl, {
      model_name: hidden.name,
      media_id: media.id,
      publish_at: inMinutes(0),
    });
    await t.database.db
      .update(schema.models)
      .set({ pageVisibleFor: "only_model_and_admin" })
      .where(eq(schema.models.id, hidden.id));
    expect((await list(`model_id=${hidden.id}`)).data).toEqual([]);
    expect((await list("")).data.map((s: { id: number }) => s.id)).not.toContain(body.data.id);
    expect((await list(`model_id=${hidden.id}`, girl)).data).toHaveLength(1);
    expect((await t.call("POST", `/api/stories/${body.data.id}/view`, { headers: fan.headers })).status).toBe(
      404,
    );
  });
});
