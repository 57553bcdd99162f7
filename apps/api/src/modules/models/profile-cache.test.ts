import { schema } from "@camatlas/db";
import { createModel } from "@camatlas/db/factories";
import { ROLE } from "@camatlas/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { type SignedIn, signIn } from "./test-helpers.ts";

let t: TestApi;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApi();
  admin = await signIn(t, ROLE.admin);
});
afterAll(() => t.close());

describe("guests' model reads and the invalidation bus", () => {
  it("drops the cached reads when another process announces a catalog write", async () => {
    const { db } = t.database;
    const m = await createModel(db, {
      name: "Bus Check",
      nicknames: [{ camSiteId: 36, nickname: "bus_check" }],
    });
    const guestAbout = async () => (await (await t.call("GET", `/api/models/${m.id}`)).json()).about;
    expect(await guestAbout()).toBeNull();
    // Written by another process: this one's guest read is still the cached one.
    await db.update(schema.models).set({ about: "Edited elsewhere" }).where(eq(schema.models.id, m.id));
    expect(await guestAbout()).toBeNull();
    // What arrives from another process (with the in-process bus, a publish is delivered the same way).
    t.deps.invalidation.publish("accounts");
    expect(await guestAbout()).toBeNull();
    t.deps.invalidation.publish("catalog");
    expect(await guestAbout()).toBe("Edited elsewhere");
  });

  it("announces successful writes only, once each", async () => {
    const { db } = t.database;
    const m = await createModel(db, {
      name: "Bus Writer",
      nicknames: [{ camSiteId: 36, nickname: "bus_writer" }],
    });
    const publish = vi.spyOn(t.deps.invalidation, "publish");
    try {
      await t.call("GET", `/api/models/${m.id}`);
      const refused = await t.call("PUT", `/api/admin/models/${m.id}`, { body: { about: "No" } });
      expect(refused.status).toBe(401);
      expect(publish).not.toHaveBeenCalled();
      const edit = await t.call("PUT", `/api/admin/models/${m.id}`, {
        headers: admin.headers,
        body: { about: "Yes" },
      });
      expect(edit.status).toBe(200);
      expect(publish.mock.calls).toEqual([["catalog"]]);
    } finally {
      publish.mockRestore();
    }
  });

  it("drops this process's reads only after a collector poll (no message for the other processes)", async () => {
    const { db } = t.database;
    const m = await createModel(db, {
      name: "Bus Poll",
      nicknames: [{ camSiteId: 36, nickname: "bus_poll" }],
    });
    const guestAbout = async () => (await (await t.call("GET", `/api/models/${m.id}`)).json()).about;
    expect(await guestAbout()).toBeNull();
    await db.update(schema.models).set({ about: "Seen after the poll" }).where(eq(schema.models.id, m.id));
    const publish = vi.spyOn(t.deps.invalidation, "publish");
    try {
      const poll = await t.call("POST", "/api/ingest/observations", {
        headers: { authorization: `Bearer ${t.deps.env.INGEST_TOKEN}` },
        body: { cam_site_id: 33, observed_at: new Date().toISOString(), complete: false, observations: [] },
      });
      expect(poll.status).toBe(200);
      // `live` is never sent to the other processes (lib/cache-invalidation.test.ts).
      expect(publish.mock.calls).toEqual([["live"]]);
      expect(await guestAbout()).toBe("Seen after the poll");
    } finally {
      publish.mockRestore();
    }
  });
});
