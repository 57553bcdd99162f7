import { schema } from "@camatlas/db";
import { createMedia, createModel, createModelRating } from "@camatlas/db/factories";
import { ROLE, SUCCESS_MESSAGES, TOKEN_ERRORS, VALIDATION_MESSAGES } from "@camatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { createSignedInUser, TEST_PASSWORD } from "../auth/test-sessions.ts";
import { createCaptureMailer } from "../mail/capture-mailer.ts";

let t: TestApi;
const mailer = createCaptureMailer();
beforeAll(async () => {
  t = await createTestApi({ PRODUCT_NAME: "CamAtlas" });
  t.deps.mailer = mailer;
});
afterAll(() => t.close());

describe("GET /api/profile", () => {
  it("answers 401 to guests and to a tampered token with the spec's text", async () => {
    expect((await t.call("GET", "/api/profile")).status).toBe(401);
    const { token } = await createSignedInUser(t);
    const res = await t.call("GET", "/api/profile", { headers: { authorization: `Bearer ${token}x` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: TOKEN_ERRORS.signatureInvalid });
  });

  it("returns the own user with avatar, unread notifications, models, stats and review information", async () => {
    const avatar = await createMedia(t.database.db, {
      path: "avatars/me.webp",
      blurhash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
    });
    const { user, auth } = await createSignedInUser(t, {
      roleId: ROLE.camgirl,
      avatarMediaId: avatar.id,
      firstName: "Ana",
      lastName: "Lima",
      countReviewsRemovedByAdmin: 1,
    });
    const owned = await createModel(t.database.db, { name: "Ana Lima", userId: user.id });
    const other = await createModel(t.database.db, { name: "Other" });
    await createModelRating(t.database.db, { modelId: other.id, userId: user.id, rating: 4 });
    await t.database.db.insert(schema.comments).values([
      { commentZone: "model", commentableId: other.id, userId: user.id, text: "nice" },
      {
        commentZone: "model",
        commentableId: other.id,
        userId: user.id,
        text: "deleted",
        deletedAt: new Date(),
      },
    ]);
    await t.database.db.insert(schema.userReviews).values([
      { modelId: other.id, userId: user.id, title: "t", body: "b", status: "approved" },
      { modelId: owned.id, userId: user.id, title: "t", body: "b", status: "rejected" },
    ]);
    await t.database.db.insert(schema.notifications).values([
      { type: "info", notifiableId: String(user.id), data: { text: "one" } },
      { type: "info", notifiableId: String(user.id), data: { text: "two" }, readAt: new Date() },
    ]);

    const plain = await (await t.call("GET", "/api/profile", { headers: auth })).json();
    expect(plain).toMatchObject({
      id: user.id,
      email: user.email,
      full_name: "Ana Lima",
      avatar_path: "/media/avatars/me.webp",
      // Its blur placeholder, decoded from the stored BlurHash.
      avatar_placeholder: expect.stringMatching(/^data:image\/bmp;base64,[A-Za-z0-9+/]+=*$/),
      role_id: ROLE.camgirl,
      is_admin: false,
    });
    expect(plain).not.toHaveProperty("models");
    expect(plain).not.toHaveProperty("unread_notifications");

    const res = await t.call(
      "GET",
      "/api/profile?with[]=unreadNotifications&with[]=models&with[]=stats&user_review_information=1",
      { headers: auth },
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.unread_notifications).toBe(1);
    expect(body.models).toEqual([
      { id: owned.id, name: "Ana Lima", slug: owned.slug, avatar_path: null, avatar_placeholder: null },
    ]);
    expect(body.stats).toEqual({ comments: 1, reviews: 1, ratings: 1 });
    expect(body.count_reviews_removed_by_admin).toBe(1);
    expect(body.unavailable_models_for_create_user_review).toEqual([other.id]);
  });

  it("refuses an unknown with[] value with 422", async () => {
    const { auth } = await createSignedInUser(t);
    const res = await t.call("GET", "/api/profile?with[]=password", { headers: auth });
    expect(res.status).toBe(422);
  });
});

describe("PUT /api/profile", () => {
  it("saves every field of the spec and answers 'Profile successfully saved.'", async () => {
    const { user, auth } = await createSignedInUser(t);
    const media = await createMedia(t.database.db, { path: "avatars/new.webp", userId: user.id });
    const res = await t.call("PUT", "/api/profile", {
      headers: auth,
      body: {
        first_name: "Luna",
        last_name: "Fan",
        country: "de",
        city: "Berlin",
        gender: "female",
        about: "Hi there",
        birthday: "1991-02-03",
        avatar_media_id: media.id,
        nick_name: "luna_new",
        email: "Luna.New@Example.com",
        current_password: TEST_PASSWORD,
      },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe(SUCCESS_MESSAGES.profileSaved);
    expect(body.user).toMatchObject({
      first_name: "Luna",
      last_name: "Fan",
      full_name: "Luna Fan",
      country: "DE",
      city: "Berlin",
      gender: "female",
      about: "Hi there",
      birthday: "1991-02-03",
      avatar_path: "/media/avatars/new.webp",
      nick_name: "luna_new",
      email: "luna.new@example.com",
    });
    // Emptied fields clear the value.
    const cleared = await t.call("PUT", "/api/profile", {
      headers: auth,
      body: { about: "", avatar_media_id: null },
    });
    expect((await cleared.json()).user).toMatchObject({ about: null, avatar_path: null });
  });

  it("refuses a taken email or nick name, someone else's media and an under-18 birthday", async () => {
    const { user: other } = await createSignedInUser(t);
    const foreign = await createMedia(t.database.db, { userId: other.id });
    const { auth } = await createSignedInUser(t);
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    const res = await t.call("PUT", "/api/profile", {
      headers: auth,
      body: {
        email: other.email.toUpperCase(),
        nick_name: other.nickName.toUpperCase(),
        avatar_media_id: foreign.id,
        current_password: TEST_PASSWORD,
      },
    });
    expect(res.status).toBe(422);
    const { errors } = await res.json();
    expect(errors).toEqual({
      email: [VALIDATION_MESSAGES.emailTaken],
      nick_name: [VALIDATION_MESSAGES.nickNameTaken],
      avatar_media_id: [VALIDATION_MESSAGES.mediaNotFound],
    });
    const underage = await t.call("PUT", "/api/profile", {
      headers: auth,
      body: { birthday: young.toISOString().slice(0, 10) },
    });
    expect((await underage.json()).errors.birthday).toEqual([VALIDATION_MESSAGES.underage]);
    const unknownField = await t.call("PUT", "/api/profile", { headers: auth, body: { is_admin: true } });
    expect(unknownField.status).toBe(422);
  });

  it("changes the password only with the right current password and a matching confirm", async () => {
    const { user, auth } = await createSignedInUser(t);
    const wrong = await t.call("PUT", "/api/profile", {
      headers: auth,
      body: { current_password: "not it at all", password: "brand new pass", confirm: "brand new pass" },
    });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors).toEqual({
      current_password: [VALIDATION_MESSAGES.currentPasswordWrong],
    });

    const missing = await t.call("PUT", "/api/profile", {
      headers: auth,
      body: { password: "brand new pass", confirm: "brand new pass" },
    });
    expect((await missing.json()).errors).toEqual({ current_password: [VALIDATION_MESSAGES.required] });

    const mismatch = await t.call("PUT", "/api/profile", {
      headers: auth,
      body: { current_password: TEST_PASSWORD, password: "brand new pass", confirm: "other" },
    });
    expect((await mismatch.json()).errors).toEqual({ confirm: [VALIDATION_MESSAGES.passwordsDoNotMatch] });

    const ok = await t.call("PUT", "/api/profile", {
      headers: auth,
      body: { current_password: TEST_PASSWORD, password: "brand new pass", confirm: "brand new pass" },
    });
    expect(ok.status).toBe(200);
    const login = (password: string) =>
      t.call("POST", "/api/login", { body: { email: user.email, password } });
    expect((await login(TEST_PASSWORD)).status).toBe(422);
    expect((await login("brand new pass")).status).toBe(200);
  });

  it("lets a camfan become a camgirl (audited, role cookie updated) but nobody become admin", async () => {
    const { user, auth } = await createSignedInUser(t);
    const promote = await t.call("PUT", "/api/profile", { headers: auth, body: { role_id: ROLE.admin } });
    expect(promote.status).toBe(422);
    expect((await promote.json()).errors).toEqual({ role_id: [VALIDATION_MESSAGES.roleNotAllowed] });

    const res = await t.call("PUT", "/api/profile", { headers: auth, body: { role_id: ROLE.camgirl } });
    expect(res.status).toBe(200);
    expect((await res.json()).user.role_id).toBe(ROLE.camgirl);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("role=3;"))).toBe(true);
    const audit = await t.database.db.select().from(schema.auditLog);
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: "user.role_changed",
          subjectId: String(user.id),
          actorUserId: user.id,
        }),
      ]),
    );
  });
});

describe("PUT /api/profile: email change", () => {
  it("needs the current password: missing or wrong answers 422 on current_password and keeps the old email", async () => {
    const { user, auth } = await createSignedInUser(t);
    const missing = await t.call("PUT", "/api/profile", {
      headers: auth,
      body: { email: "taken.over@example.com" },
    });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors).toEqual({ current_password: [VALIDATION_MESSAGES.required] });
    const wrong = await t.call("PUT", "/api/profile", {
      headers: auth,
      body: { email: "taken.over@example.com", current_password: "not the password" },
    });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors).toEqual({
      current_password: [VALIDATION_MESSAGES.currentPasswordWrong],
    });
    const profile = await (await t.call("GET", "/api/profile", { headers: auth })).json();
    expect(profile.email).toBe(user.email);
    // The same email (any case) is no change and needs nothing.
    const same = await t.call("PUT", "/api/profile", {
      headers: auth,
      body: { email: user.email.toUpperCase(), city: "Oslo" },
    });
    expect(same.status).toBe(200);
  });

  it("with the current password saves the new email and mails a notice to the old address", async () => {
    const { user, auth } = await createSignedInUser(t);
    const notice = mailer.next();
    const res = await t.call("PUT", "/api/profile", {
      headers: auth,
      body: { email: "moved.away@example.com", current_password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).user.email).toBe("moved.away@example.com");
    const mail = await notice;
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toBe("The email address of your CamAtlas account was changed");
    // The new address is masked: whoever reads the old mailbox learns only its domain.
    expect(mail.text).toContain("m***@example.com");
    expect(mail.text).not.toContain("moved.away@");
    // Sessions stay: only a new password ends them.
    expect((await t.call("GET", "/api/profile", { headers: auth })).status).toBe(200);
  });

  it("lets an account made through OAuth, which has no password, replace its placeholder email", async () => {
    const { auth } = await createSignedInUser(t, {
      passwordHash: null,
      email: "google-123@users.invalid",
      oauthService: "google",
      oauthId: "123",
    });
    const before = mailer.sent.length;
    const res = await t.call("PUT", "/api/profile", {
      headers: auth,
      body: { email: "real.me@example.com" },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).user.email).toBe("real.me@example.com");
    // Nothing is mailed to the placeholder address.
    await new Promise((resolve) => setImmediate(resolve));
    expect(mailer.sent.slice(before).some((m) => m.to.endsWith(".invalid"))).toBe(false);
  });
});
