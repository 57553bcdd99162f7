import { schema } from "@camatlas/db";
import { createModel, createNickname, createUser } from "@camatlas/db/factories";
import { ROLE } from "@camatlas/shared";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { createSignedInUser } from "../auth/test-sessions.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

it("GET /api/admin/dashboard counts totals and every kind of pending moderation", async () => {
  const { db } = t.database;
  const admin = await createSignedInUser(t, { roleId: ROLE.admin });
  const fan = await createUser(db);
  const fresh = await createModel(db, { moderationState: "new", createdByUserId: fan.id });
  // Imported profiles (no creator) and checked ones are not waiting for an admin.
  await createModel(db, { moderationState: "new" });
  await createModel(db, { moderationState: "new", createdByUserId: fan.id, moderationCheckedAt: new Date() });
  const known = await createModel(db, { moderationState: "changed" });
  await createModel(db, { moderationState: "new", deletedAt: new Date() });
  const nick = await createNickname(db, { modelId: known.id, camSiteId: 33, nickname: "known_one" });
  await db.insert(schema.modelRevisions).values([
    { modelId: known.id, userId: fan.id, changes: {}, previous: {} },
    { modelId: known.id, userId: fan.id, changes: {}, previous: {}, status: "approved" },
  ]);
  await db.insert(schema.nicknameRemovalRequests).values({ nicknameId: nick.id, userId: fan.id });
  await db.insert(schema.modelVerificationRequests).values({ modelId: fresh.id, userId: fan.id });
  await db.insert(schema.modelReports).values([
    { modelId: known.id, reason: "fake" },
    { modelId: known.id, reason: "fake", status: "rejected" },
  ]);
  await db.insert(schema.userReviews).values([
    { modelId: known.id, userId: fan.id, title: "a", body: "b" },
    { modelId: fresh.id, userId: fan.id, title: "a", body: "b", status: "approved" },
  ]);

  const res = await t.call("GET", "/api/admin/dashboard", { headers: admin.auth });
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.counts).toMatchObject({ users: 2, models: 4, nicknames: 1 });
  expect(body.counts.camsites).toBeGreaterThan(0);
  expect(body.pending).toEqual({
    revisions: 1,
    nickname_removals: 1,
    verification_requests: 1,
    reports: 1,
    user_reviews: 1,
    new_models: 1,
  });
});
