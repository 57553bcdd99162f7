import { schema } from "@camatlas/db";
import { createUser } from "@camatlas/db/factories";
import { ACCOUNT_BLOCK_MESSAGES, API_MESSAGES, ROLE } from "@camatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { createSignedInUser, TEST_PASSWORD } from "../auth/test-sessions.ts";

let t: TestApi;
let admin: Awaited<ReturnType<typeof createSignedInUser>>;
let fan: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  t = await createTestApi();
  admin = await createSignedInUser(t, { roleId: ROLE.admin, nickName: "boss" });
  fan = await createSignedInUser(t, { nickName: "fan_one", firstName: "Fanny" });
  await createUser(t.database.db, { nickName: "quiet_girl", roleId: ROLE.camgirl, blockedAt: new Date() });
});
afterAll(() => t.close());

const auditRows = () => t.database.db.select().from(schema.auditLog);

describe("admin users", () => {
  it("refuses guests (401) and non-admins (403) on every endpoint", async () => {
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/users"],
      ["PUT", `/api/admin/users/${fan.user.id}`, { role_id: 1 }],
      ["POST", `/api/admin/users/${fan.user.id}/block`],
      ["POST", `/api/admin/users/${fan.user.id}/unblock`],
      ["GET", "/api/admin/dashboard"],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.call(method, path, { body })).status).toBe(401);
      expect((await t.call(method, path, { body, headers: fan.auth })).status).toBe(403);
    }
  });

  it("lists users with email, block state and last sign-in; filters by query, role and blocked", async () => {
    const all = await (await t.call("GET", "/api/admin/users", { headers: admin.auth })).json();
    expect(all.total).toBe(3);
    const quiet = all.data.find((u: { nick_name: string }) => u.nick_name === "quiet_girl");
    expect(quiet).toMatchObject({ email: "quiet_girl@example.com", blocked_at: expect.any(String) });
    expect(quiet).toHaveProperty("last_login_at");
    expect(JSON.stringify(all)).not.toMatch(/argon2|password_hash/);

    const blocked = await (await t.call("GET", "/api/admin/users?blocked=1", { headers: admin.auth })).json();
    expect(blocked.data.map((u: { nick_name: string }) => u.nick_name)).toEqual(["quiet_girl"]);
    const active = await (await t.call("GET", "/api/admin/users?blocked=0", { headers: admin.auth })).json();
    expect(active.total).toBe(2);
    const fans = await (
      await t.call("GET", "/api/admin/users?role_id=2&query=fann", { headers: admin.auth })
    ).json();
    expect(fans.data.map((u: { nick_name: string }) => u.nick_name)).toEqual(["fan_one"]);
  });

  it("changes a role with an audit row, and refuses to demote or block the admin themself", async () => {
    const res = await t.call("PUT", `/api/admin/users/${fan.user.id}`, {
      headers: admin.auth,
      body: { role_id: ROLE.camgirl },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).user.role_id).toBe(ROLE.camgirl);
    expect(await auditRows()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: "user.role_changed",
          actorUserId: admin.user.id,
          subjectId: String(fan.user.id),
          changes: { role_id: { from: ROLE.camfan, to: ROLE.camgirl } },
        }),
      ]),
    );
    expect(
      (await t.call("PUT", `/api/admin/users/${fan.user.id}`, { headers: admin.auth, body: { role_id: 7 } }))
        .status,
    ).toBe(422);

    const self = await t.call("PUT", `/api/admin/users/${admin.user.id}`, {
      headers: admin.auth,
      body: { role_id: ROLE.camfan },
    });
    expect(self.status).toBe(403);
    expect(await self.json()).toEqual({ message: API_MESSAGES.cannotModerateSelf });
    expect(
      (await t.call("POST", `/api/admin/users/${admin.user.id}/block`, { headers: admin.auth })).status,
    ).toBe(403);
    expect((await t.call("POST", "/api/admin/users/999999/block", { headers: admin.auth })).status).toBe(404);
  });

  it("blocks with a reason and an end: sign-in says why, the session reads but cannot write; unblocking restores both", async () => {
    const victim = await createSignedInUser(t, { nickName: "soon_blocked" });
    expect((await t.call("GET", "/api/profile", { headers: victim.auth })).status).toBe(200);

    const block = await t.call("POST", `/api/admin/users/${victim.user.id}/block`, {
      headers: admin.auth,
      body: { reason: "Spam links in comments", until: "2099-01-31" },
    });
    expect(block.status).toBe(200);
    expect((await block.json()).user).toMatchObject({
      blocked_at: expect.any(String),
      blocked_reason: "Spam links in comments",
      blocked_until: "2099-01-31T00:00:00.000Z",
    });
    expect(await auditRows()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "user.blocked", subjectId: String(victim.user.id) }),
      ]),
    );

    const login = await t.call("POST", "/api/login", {
      body: { email: victim.user.email, password: TEST_PASSWORD },
    });
    expect(login.status).toBe(403);
    expect((await login.json()).message).toBe(
      `${API_MESSAGES.accountBlocked} Reason: Spam links in comments The block ends on 31 January 2099.`,
    );
    // Still signed in: their profile tells them why and until when; every write is refused saying so.
    const profile = await t.call("GET", "/api/profile", { headers: victim.auth });
    expect(profile.status).toBe(200);
    expect((await profile.json()).block).toMatchObject({
      reason: "Spam links in comments",
      until: "2099-01-31T00:00:00.000Z",
    });
    const write = await t.call("PUT", "/api/profile", { headers: victim.auth, body: { about: "hello" } });
    expect(write.status).toBe(403);
    expect((await write.json()).message).toBe(ACCOUNT_BLOCK_MESSAGES.writesRefused);

    const unblock = await t.call("POST", `/api/admin/users/${victim.user.id}/unblock`, {
      headers: admin.auth,
    });
    expect(unblock.status).toBe(200);
    expect((await unblock.json()).user).toMatchObject({ blocked_at: null, blocked_reason: null });
    const after = await (await t.call("GET", "/api/profile", { headers: victim.auth })).json();
    expect(after.block).toBeNull();
    expect(
      (await t.call("POST", "/api/login", { body: { email: victim.user.email, password: TEST_PASSWORD } }))
        .status,
    ).toBe(200);

    // Blocked again without a reason or an end (both optional): sign-in says it has no end date.
    await t.call("POST", `/api/admin/users/${victim.user.id}/block`, { headers: admin.auth });
    const again = await t.call("POST", "/api/login", {
      body: { email: victim.user.email, password: TEST_PASSWORD },
    });
    expect((await again.json()).message).toBe(`${API_MESSAGES.accountBlocked} The block has no end date.`);
  });

  it("refuses a block reason too short or an end in the past (422), nothing written", async () => {
    const target = await createSignedInUser(t, { nickName: "not_blocked" });
    const res = await t.call("POST", `/api/admin/users/${target.user.id}/block`, {
      headers: admin.auth,
      body: { reason: "x", until: "2020-01-01" },
    });
    expect(res.status).toBe(422);
    const { errors } = await res.json();
    expect(errors.reason).toEqual([ACCOUNT_BLOCK_MESSAGES.reasonRequired]);
    expect(errors.until).toEqual([ACCOUNT_BLOCK_MESSAGES.untilInPast]);
    expect((await t.call("GET", "/api/profile", { headers: target.auth })).status).toBe(200);
    expect((await (await t.call("GET", "/api/profile", { headers: target.auth })).json()).block).toBeNull();
  });
});
