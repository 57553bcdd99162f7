import { notifyUser } from "@camatlas/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { createSignedInUser } from "../auth/test-sessions.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe("notifications", () => {
  it("lists, counts and marks read only the caller's own notifications", async () => {
    const me = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const { db } = t.database;
    const first = await notifyUser(db, me.user.id, "review.approved", {
      text: "Your review was approved",
      title: "Review",
    });
    await new Promise((r) => setTimeout(r, 5));
    const second = await notifyUser(db, me.user.id, "model.verified", {
      text: "You were bound",
      models: [{ id: 1, name: "Ana", slug: "ana" }],
    });
    const theirs = await notifyUser(db, other.user.id, "info", { text: "Not yours" });

    expect((await t.call("GET", "/api/notifications")).status).toBe(401);

    const list = await (await t.call("GET", "/api/notifications", { headers: me.auth })).json();
    expect(list).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
    expect(list.data.map((n: { id: string }) => n.id)).toEqual([second.id, first.id]);
    expect(list.data[1]).toEqual({
      id: first.id,
      type: "review.approved",
      data: { text: "Your review was approved", title: "Review" },
      read_at: null,
      created_at: expect.any(String),
    });

    const count = async () =>
      (await (await t.call("GET", "/api/notifications/unread-count", { headers: me.auth })).json()).count;
    expect(await count()).toBe(2);

    expect((await t.call("POST", `/api/notifications/${theirs.id}/read`, { headers: me.auth })).status).toBe(
      404,
    );
    expect((await t.call("POST", "/api/notifications/not-a-uuid/read", { headers: me.auth })).status).toBe(
      404,
    );
    const read = await t.call("POST", `/api/notifications/${first.id}/read`, { headers: me.auth });
    expect(read.status).toBe(200);
    expect((await read.json()).read_at).toEqual(expect.any(String));
    expect(await count()).toBe(1);

    const all = await t.call("POST", "/api/notifications/read-all", { headers: me.auth });
    expect((await all.json()).count).toBe(1);
    expect(await count()).toBe(0);
    // The other user's notification is untouched.
    const theirCount = await (
      await t.call("GET", "/api/notifications/unread-count", { headers: other.auth })
    ).json();
    expect(theirCount.count).toBe(1);
  });
});
