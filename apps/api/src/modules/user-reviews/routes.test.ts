import { schema } from "@camatlas/db";
import { buildReviewText, createModel, createNickname, createUserReview } from "@camatlas/db/factories";
import {
  CATALOG_MESSAGES,
  ERROR_TEXT,
  ROLE,
  SUCCESS_MESSAGES,
  USER_REVIEW_MESSAGES,
  VALIDATION_MESSAGES,
} from "@camatlas/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { auditOf, createMediaRow, type SignedIn, signIn } from "../models/test-helpers.ts";

let t: TestApi;
let fan: SignedIn;
let girl: SignedIn;
let otherGirl: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApi();
  [fan, girl, otherGirl, admin] = await Promise.all([
    signIn(t),
    signIn(t, ROLE.camgirl),
    signIn(t, ROLE.camgirl),
    signIn(t, ROLE.admin),
  ]);
});
afterAll(() => t.close());

/** A model bound to `girl` with two nicknames. */
async function reviewedModel(name: string) {
  const { db } = t.database;
  const model = await createModel(db, { name, userId: girl.id });
  const nicks = await Promise.all([1, 2, 3].map(() => createNickname(db, { modelId: model.id })));
  return { model, nicknameIds: nicks.map((n) => n.id) };
}

/** A review image of the user, stored as POST /media/user-reviews stores one. */
const imageOf = (userId: number) => createMediaRow(t, userId, "user_review");

/** A review video of the user: probed (duration in seconds) or not yet. */
async function videoOf(userId: number, duration?: number, status = "Queued") {
  const [row] = await t.database.db
    .insert(schema.media)
    .values({
      kind: "user_review",
      path: `test/video-${userId}-${Math.random()}.mp4`,
      name: "clip.mp4",
      mimeType: "video/mp4",
      userId,
      processingStatus: status,
      meta: duration === undefined ? { type: "video" } : { type: "video", duration },
    })
    .returning({ id: schema.media.id });
  return row!.id;
}

const post = (who: SignedIn | null, path: string, body?: unknown) =>
  t.call("POST", path, { headers: who?.headers ?? {}, body });
const get = (who: SignedIn | null, path: string) => t.call("GET", path, { headers: who?.headers ?? {} });

function reviewBody(modelId: number, nicknameIds: number[], extra: Record<string, unknown> = {}) {
  return {
    model_id: modelId,
    title: "Warm and funny",
    body: buildReviewText(500),
    rating: 5,
    nickname_ids: nicknameIds,
    ...extra,
  };
}

describe("writing a review", () => {
  it("creates a pending review with images that only its author and admins see until approved", async () => {
    const { model, nicknameIds } = await reviewedModel("Ava Pending");
    const image = await imageOf(fan.id);
    const res = await post(
      fan,
      "/api/user-reviews",
      reviewBody(model.id, nicknameIds.slice(0, 2), { image_media_ids: [image] }),
    );
    expect(res.status).toBe(201);
    const { message, review } = await res.json();
    expect(message).toBe(SUCCESS_MESSAGES.reviewCreated);
    expect(review).toMatchObject({ state: "pending", word_count: 500, rating: 5, model: { id: model.id } });
    expect(review.images.map((i: { id: number }) => i.id)).toEqual([image]);
    expect(review.nicknames).toHaveLength(2);
    expect(review.can).toMatchObject({ edit: true, vote: false, approve: false });

    // Guests and other users: not there.
    expect((await get(null, `/api/user-reviews/${review.id}`)).status).toBe(404);
    expect((await (await get(null, `/api/user-reviews?model_id=${model.id}`)).json()).total).toBe(0);
    // The author: on her own list with its state; admins: in the queue.
    const mine = await (await get(fan, `/api/user-reviews?user_id=${fan.id}`)).json();
    expect(mine.data.map((r: { id: number; state: string }) => [r.id, r.state])).toContainEqual([
      review.id,
      "pending",
    ]);
    const queue = await (await get(admin, "/api/admin/user-reviews")).json();
    expect(queue.data.map((r: { id: number }) => r.id)).toContain(review.id);
    // The profile says she may not review this model again.
    const profile = await (await get(fan, "/api/profile?user_review_information=1")).json();
    expect(profile.unavailable_models_for_create_user_review).toContain(model.id);
  });

  it("refuses bad input with the field and the spec's text, writing nothing", async () => {
    // Its own author: the write limit (20 an hour) counts refused attempts too.
    const fan = await signIn(t);
    const { model, nicknameIds } = await reviewedModel("Bea Bad Input");
    const other = await reviewedModel("Cleo Other");
    const before = (await t.database.db.select().from(schema.userReviews)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ body: buildReviewText(499) }, "body", VALIDATION_MESSAGES.reviewTooShort],
      [{ nickname_ids: nicknameIds }, "nickname_ids", VALIDATION_MESSAGES.tooManyReviewNicknames],
      [{ nickname_ids: [] }, "nickname_ids", VALIDATION_MESSAGES.required],
      [{ nickname_ids: [other.nicknameIds[0]] }, "nickname_ids", USER_REVIEW_MESSAGES.nicknameNotOfModel],
      [{ rating: 6 }, "rating", CATALOG_MESSAGES.ratingRange],
      [{ rating: 0 }, "rating", CATALOG_MESSAGES.ratingRange],
      [{ title: "  " }, "title", VALIDATION_MESSAGES.required],
      [{ model_id: 9_999_999 }, "model_id", CATALOG_MESSAGES.unknownModel],
      [{ image_media_ids: [await imageOf(girl.id)] }, "image_media_ids", VALIDATION_MESSAGES.mediaNotFound],
      [
        { image_media_ids: [await videoOf(fan.id, 10)] },
        "image_media_ids",
        USER_REVIEW_MESSAGES.notReviewImage,
      ],
      [{ video_media_id: await imageOf(fan.id) }, "video_media_id", USER_REVIEW_MESSAGES.notReviewVideo],
      [{ video_media_id: await videoOf(fan.id) }, "video_media_id", SUCCESS_MESSAGES.videoStillProcessing],
      [
        { video_media_id: await videoOf(fan.id, 30, "Error") },
        "video_media_id",
        USER_REVIEW_MESSAGES.videoFailed,
      ],
      [
        { video_media_id: await videoOf(fan.id, 61) },
        "video_media_id",
        USER_REVIEW_MESSAGES.videoTooLong(61, 500, 60),
      ],
      [
        { body: `<script>alert(1)</script> ${buildReviewText(400)}` },
        "body",
        VALIDATION_MESSAGES.reviewTooShort,
      ],
    ];
    for (const [change, field, text] of cases) {
      const res = await post(fan, "/api/user-reviews", {
        ...reviewBody(model.id, nicknameIds.slice(0, 1)),
        ...change,
      });
      expect(res.status, field).toBe(422);
      expect((await res.json()).errors[field], JSON.stringify(change).slice(0, 80)).toEqual([text]);
    }
    expect((await t.database.db.select().from(schema.userReviews)).length).toBe(before);
  });

  it("takes a video as long as the word count allows (750 words: 90 seconds)", async () => {
    const { model, nicknameIds } = await reviewedModel("Dina Video");
    const tooLong = await post(
      fan,
      "/api/user-reviews",
      reviewBody(model.id, [nicknameIds[0]!], {
        body: buildReviewText(750),
        video_media_id: await videoOf(fan.id, 91, "Complete"),
      }),
    );
    expect((await tooLong.json()).errors.video_media_id).toEqual([
      USER_REVIEW_MESSAGES.videoTooLong(91, 750, 90),
    ]);
    const video = await videoOf(fan.id, 89.5, "Processing");
    const ok = await post(
      fan,
      "/api/user-reviews",
      reviewBody(model.id, [nicknameIds[0]!], {
        body: buildReviewText(750),
        video_media_id: video,
      }),
    );
    expect(ok.status).toBe(201);
    const { review } = await ok.json();
    expect(review.video).toMatchObject({ id: video, duration: 89.5, processing_status: "Processing" });
    // Cutting the text below 750 words takes the limit back to 60 s: the kept video no longer fits.
    const shorter = await t.call("PUT", `/api/user-reviews/${review.id}`, {
      headers: fan.headers,
      body: { body: buildReviewText(500) },
    });
    expect(shorter.status).toBe(422);
    expect((await shorter.json()).errors.video_media_id).toEqual([
      USER_REVIEW_MESSAGES.videoTooLong(90, 500, 60),
    ]);
  });

  it("allows one live review per user and model, and none to camgirls", async () => {
    const { model, nicknameIds } = await reviewedModel("Eve Once");
    expect((await post(fan, "/api/user-reviews", reviewBody(model.id, [nicknameIds[0]!]))).status).toBe(201);
    const second = await post(fan, "/api/user-reviews", reviewBody(model.id, [nicknameIds[1]!]));
    expect(second.status).toBe(422);
    expect((await second.json()).errors.model_id).toEqual([USER_REVIEW_MESSAGES.alreadyReviewed]);
    const byGirl = await post(otherGirl, "/api/user-reviews", reviewBody(model.id, [nicknameIds[0]!]));
    expect(byGirl.status).toBe(422);
    expect((await byGirl.json()).errors.review).toEqual([USER_REVIEW_MESSAGES.camgirlsCannotReview]);
    expect((await post(null, "/api/user-reviews", reviewBody(model.id, [nicknameIds[0]!]))).status).toBe(401);
  });
});

describe("races and limits", () => {
  it("keeps one of two reviews of the same model sent at once", async () => {
    const author = await signIn(t);
    const { model, nicknameIds } = await reviewedModel("Qia Race");
    const body = reviewBody(model.id, [nicknameIds[0]!]);
    const statuses = (await Promise.all([1, 2].map(() => post(author, "/api/user-reviews", body)))).map(
      (res) => res.status,
    );
    expect(statuses.sort()).toEqual([201, 422]);
    const rows = await t.database.db
      .select()
      .from(schema.userReviews)
      .where(eq(schema.userReviews.modelId, model.id));
    expect(rows).toHaveLength(1);
  });

  it("lets an author write 20 times an hour, then answers 429", async () => {
    const author = await signIn(t);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await post(author, "/api/user-reviews", {})).status);
    expect(statuses.slice(0, 20).every((status) => status === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("moderation", () => {
  it("approve: shown on the model's list, the author notified with a link, a second decision is a conflict", async () => {
    const { model, nicknameIds } = await reviewedModel("Fay Approved");
    const { review } = await (
      await post(fan, "/api/user-reviews", reviewBody(model.id, [nicknameIds[0]!]))
    ).json();
    expect((await post(fan, `/api/admin/user-reviews/${review.id}/approve`)).status).toBe(403);
    const res = await post(admin, `/api/admin/user-reviews/${review.id}/approve`);
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(SUCCESS_MESSAGES.reviewConfirmed);
    expect((await post(admin, `/api/admin/user-reviews/${review.id}/reject`)).status).toBe(409);

    const list = await (await get(null, `/api/user-reviews?model_id=${model.id}`)).json();
    expect(list).toMatchObject({ total: 1, current_page: 1, last_page: 1 });
    expect(list.data[0]).toMatchObject({ id: review.id, state: "approved", decision_reason: null });
    expect((await get(null, `/api/user-reviews/${review.id}`)).status).toBe(200);
    const notices = await (await get(fan, "/api/notifications")).json();
    expect(notices.data[0].data).toMatchObject({
      title: "Review published",
      url: `/user-reviews/${review.id}`,
    });
    expect(await auditOf(t, "user_review", review.id)).toEqual(["user_review.approved"]);
  });

  it("reject: hidden from others, the reason shown to the author, who may edit it back to pending", async () => {
    const { model, nicknameIds } = await reviewedModel("Gia Rejected");
    const { review } = await (
      await post(fan, "/api/user-reviews", reviewBody(model.id, [nicknameIds[0]!]))
    ).json();
    const res = await post(admin, `/api/admin/user-reviews/${review.id}/reject`, {
      reason: "Please describe her shows.",
    });
    expect((await res.json()).message).toBe(SUCCESS_MESSAGES.reviewRejected);
    const mine = await (await get(fan, `/api/user-reviews/${review.id}`)).json();
    expect(mine).toMatchObject({ state: "rejected", decision_reason: "Please describe her shows." });
    expect((await get(null, `/api/user-reviews/${review.id}`)).status).toBe(404);
    expect(
      (await (await get(fan, "/api/profile?user_review_information=1")).json())
        .unavailable_models_for_create_user_review,
    ).not.toContain(model.id);

    const edit = await t.call("PUT", `/api/user-reviews/${review.id}`, {
      headers: fan.headers,
      body: { title: "Warm, funny and on time" },
    });
    expect(edit.status).toBe(200);
    expect((await edit.json()).review).toMatchObject({
      state: "pending",
      title: "Warm, funny and on time",
      decision_reason: null,
    });
    const someoneElse = await signIn(t);
    expect(
      (
        await t.call("PUT", `/api/user-reviews/${review.id}`, {
          headers: someoneElse.headers,
          body: { rating: 1 },
        })
      ).status,
    ).toBe(403);
    expect(
      (await t.call("PUT", `/api/user-reviews/${review.id}`, { headers: fan.headers, body: {} })).status,
    ).toBe(422);
  });

  it("bulk approve decides the pending ones and skips the rest", async () => {
    const a = await reviewedModel("Hana Bulk");
    const b = await reviewedModel("Ines Bulk");
    const author = await signIn(t);
    const first = (
      await (await post(author, "/api/user-reviews", reviewBody(a.model.id, [a.nicknameIds[0]!]))).json()
    ).review;
    const second = (
      await (await post(author, "/api/user-reviews", reviewBody(b.model.id, [b.nicknameIds[0]!]))).json()
    ).review;
    await post(admin, `/api/admin/user-reviews/${second.id}/reject`);
    const res = await post(admin, "/api/admin/user-reviews/bulk", {
      ids: [first.id, second.id],
      decision: "approve",
    });
    expect((await res.json()).message).toBe(USER_REVIEW_MESSAGES.bulkDone(1));
    expect((await (await get(null, `/api/user-reviews/${first.id}`)).json()).state).toBe("approved");
    expect((await get(null, `/api/user-reviews/${second.id}`)).status).toBe(404);
  });
});

describe("the bound camgirl hides a review", () => {
  it("hides a published review of her model: the author and admins still see it, marked; nobody else", async () => {
    const { model, nicknameIds } = await reviewedModel("Jade Hidden");
    const { review } = await (
      await post(fan, "/api/user-reviews", reviewBody(model.id, [nicknameIds[0]!]))
    ).json();
    expect((await post(girl, `/api/user-reviews/${review.id}/hide`)).status).toBe(404);
    await post(admin, `/api/admin/user-reviews/${review.id}/approve`);
    expect((await (await get(girl, `/api/user-reviews/${review.id}`)).json()).can.hide).toBe(true);
    expect((await post(otherGirl, `/api/user-reviews/${review.id}/hide`)).status).toBe(403);
    expect((await post(fan, `/api/user-reviews/${review.id}/hide`)).status).toBe(403);
    const res = await post(girl, `/api/user-reviews/${review.id}/hide`);
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(USER_REVIEW_MESSAGES.hidden);

    expect((await get(null, `/api/user-reviews/${review.id}`)).status).toBe(404);
    expect((await (await get(null, `/api/user-reviews?model_id=${model.id}`)).json()).total).toBe(0);
    const asAuthor = await (await get(fan, `/api/user-reviews?model_id=${model.id}`)).json();
    expect(asAuthor.data.map((r: { state: string }) => r.state)).toEqual(["hidden_by_model"]);
    expect(asAuthor.data[0].can.edit).toBe(false);
    expect((await (await get(admin, `/api/user-reviews/${review.id}`)).json()).state).toBe("hidden_by_model");
    // She may not edit it, nor may its author bring it back by editing.
    const edit = await t.call("PUT", `/api/user-reviews/${review.id}`, {
      headers: fan.headers,
      body: { rating: 4 },
    });
    expect((await edit.json()).errors.review).toEqual([USER_REVIEW_MESSAGES.notEditable]);
    expect(await auditOf(t, "user_review", review.id)).toEqual([
      "user_review.approved",
      "user_review.hidden_by_model",
    ]);
    const notices = await (await get(fan, "/api/notifications")).json();
    expect(notices.data[0].data).toMatchObject({ title: "Review hidden", url: `/user-reviews/${review.id}` });
  });
});

describe("removal by admin", () => {
  it("counts towards three; then the author may not write another, with the spec's message", async () => {
    const author = await signIn(t);
    const ids: number[] = [];
    for (const name of ["Kim One", "Lou Two", "Mia Three"]) {
      const { model, nicknameIds } = await reviewedModel(name);
      const { review } = await (
        await post(author, "/api/user-reviews", reviewBody(model.id, [nicknameIds[0]!]))
      ).json();
      await post(admin, `/api/admin/user-reviews/${review.id}/approve`);
      ids.push(review.id);
    }
    expect((await post(admin, `/api/admin/user-reviews/${ids[0]}/remove`, {})).status).toBe(422);
    for (const [n, id] of ids.entries()) {
      const res = await post(admin, `/api/admin/user-reviews/${id}/remove`, {
        reason: `Copied text ${n + 1}`,
      });
      expect(res.status).toBe(200);
      expect((await res.json()).message).toBe(USER_REVIEW_MESSAGES.removed);
    }
    expect((await post(admin, `/api/admin/user-reviews/${ids[0]}/remove`, { reason: "again" })).status).toBe(
      409,
    );
    const profile = await (await get(author, "/api/profile")).json();
    expect(profile.count_reviews_removed_by_admin).toBe(3);
    // The author still sees them, marked removed, with the reason.
    expect(await (await get(author, `/api/user-reviews/${ids[0]}`)).json()).toMatchObject({
      state: "removed",
      decision_reason: "Copied text 1",
    });
    expect((await get(null, `/api/user-reviews/${ids[0]}`)).status).toBe(404);

    const { model, nicknameIds } = await reviewedModel("Nia Fourth");
    const res = await post(author, "/api/user-reviews", reviewBody(model.id, [nicknameIds[0]!]));
    expect(res.status).toBe(422);
    expect((await res.json()).errors.review).toEqual([ERROR_TEXT.reviewNotAllowed]);

    // The queue shows an admin the author's history beside a new review.
    await t.database.db
      .update(schema.users)
      .set({ countReviewsRemovedByAdmin: 0 })
      .where(eq(schema.users.id, author.id));
    const { review } = await (
      await post(author, "/api/user-reviews", reviewBody(model.id, [nicknameIds[0]!]))
    ).json();
    const queue = await (await get(admin, `/api/admin/user-reviews?user_id=${author.id}`)).json();
    const item = queue.data.find((r: { id: number }) => r.id === review.id);
    expect(item.author_history.count_reviews_removed_by_admin).toBe(3);
    expect(item.author_history.removed.map((r: { reason: string }) => r.reason).sort()).toEqual([
      "Copied text 1",
      "Copied text 2",
      "Copied text 3",
    ]);
  });
});

describe("votes", () => {
  it("counts one vote per reader, taken back by voting the same again; never on one's own review", async () => {
    const { model, nicknameIds } = await reviewedModel("Ora Votes");
    const review = await createUserReview(
      t.database.db,
      { userId: fan.id, modelId: model.id, status: "approved" },
      [nicknameIds[0]!],
    );
    const reader = await signIn(t);
    const up = await post(reader, `/api/user-reviews/${review.id}/vote`, { value: 1 });
    expect(await up.json()).toMatchObject({ votes: 1, my_vote: 1 });
    expect(
      await (await post(reader, `/api/user-reviews/${review.id}/vote`, { value: -1 })).json(),
    ).toMatchObject({
      votes: -1,
      my_vote: -1,
    });
    expect(
      await (await post(reader, `/api/user-reviews/${review.id}/vote`, { value: -1 })).json(),
    ).toMatchObject({
      votes: 0,
      my_vote: 0,
    });
    const own = await post(fan, `/api/user-reviews/${review.id}/vote`, { value: 1 });
    expect((await own.json()).errors.value).toEqual([USER_REVIEW_MESSAGES.ownReview]);
    expect((await post(reader, `/api/user-reviews/${review.id}/vote`, { value: 2 })).status).toBe(422);
    expect((await post(null, `/api/user-reviews/${review.id}/vote`, { value: 1 })).status).toBe(401);
  });
});

describe("lists", () => {
  it("pages 9 at a time, newest first, and hides reviews of models the reader may not see", async () => {
    const { db } = t.database;
    const { model, nicknameIds } = await reviewedModel("Pia Many");
    for (let i = 0; i < 11; i++) {
      const author = await signIn(t);
      await createUserReview(
        db,
        {
          userId: author.id,
          modelId: model.id,
          status: "approved",
          title: `Review ${i}`,
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        },
        [nicknameIds[0]!],
      );
    }
    const first = await (await get(null, `/api/user-reviews?model_id=${model.id}`)).json();
    expect(first).toMatchObject({ total: 11, last_page: 2 });
    expect(first.data).toHaveLength(9);
    expect(first.data[0].title).toBe("Review 10");
    expect(
      (await (await get(null, `/api/user-reviews?model_id=${model.id}&page=2`)).json()).data,
    ).toHaveLength(2);
    // Someone else's pending reviews stay out even when asked for.
    expect(
      (await (await get(null, `/api/user-reviews?model_id=${model.id}&status=pending`)).json()).total,
    ).toBe(0);

    await db
      .update(schema.models)
      .set({ pageVisibleFor: "only_model_and_admin" })
      .where(eq(schema.models.id, model.id));
    expect((await (await get(null, `/api/user-reviews?model_id=${model.id}`)).json()).total).toBe(0);
    expect((await (await get(girl, `/api/user-reviews?model_id=${model.id}`)).json()).total).toBe(11);
  });
});
