import { createUser } from "@camatlas/db/factories";
import { ROLE, SHELL_MESSAGES } from "@camatlas/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

let t: TestApi;
let admin: string;
let fan: string;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApi();
  const adminUser = await createUser(t.database.db, { roleId: ROLE.admin });
  const fanUser = await createUser(t.database.db);
  admin = `Bearer ${await t.deps.tokens.issue({ id: adminUser.id, roleId: ROLE.admin })}`;
  fan = `Bearer ${await t.deps.tokens.issue({ id: fanUser.id, roleId: ROLE.camfan })}`;
});
afterAll(() => t.close());

// Each visitor has their own IP, forwarded by the SSR server.
const report = (isEnabled: unknown, ip: string) =>
  t.call("POST", "/api/adblock-statistics", {
    body: { is_enabled: isEnabled },
    headers: { "x-internal-token": "test-internal-token", "CamAtlas-Client-Ip": ip },
  });
const stats = (query = "", authorization = admin) =>
  t.call("GET", `/api/admin/adblock-statistics${query}`, { headers: { authorization } });

describe("adblock statistics", () => {
  it("counts each check into one row per day and outcome (204)", async () => {
    expect((await report(true, "203.0.113.1")).status).toBe(204);
    expect((await report(true, "203.0.113.2")).status).toBe(204);
    expect((await report(false, "203.0.113.3")).status).toBe(204);
    const rows = await t.database.db.query.adblockStatistics.findMany();
    expect(rows).toHaveLength(2);
    const res = await stats();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ day: today, enabled: 2, disabled: 1 }]);
  });

  it("refuses a body without a boolean is_enabled (422)", async () => {
    const res = await report("yes", "203.0.113.4");
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual(["is_enabled"]);
  });

  it("limits reports per IP", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await report(false, "198.51.100.9")).status);
    expect(statuses.slice(0, 10).every((s) => s === 204)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("filters by from_date and to_date, and checks the range", async () => {
    expect(await (await stats(`?from_date=${today}&to_date=${today}`)).json()).toEqual([
      { day: today, enabled: 2, disabled: 11 },
    ]);
    expect(await (await stats("?from_date=2020-01-01&to_date=2020-01-31")).json()).toEqual([]);
    const backwards = await stats("?from_date=2020-02-01&to_date=2020-01-01");
    expect((await backwards.json()).errors.from_date).toEqual([SHELL_MESSAGES.dateRangeOrder]);
    expect((await stats("?from_date=2019-01-01&to_date=2021-01-01")).status).toBe(422);
    expect((await stats("?from_date=yesterday")).status).toBe(422);
  });

  it("is for admins only", async () => {
    expect((await stats("", fan)).status).toBe(403);
    expect((await t.call("GET", "/api/admin/adblock-statistics")).status).toBe(401);
  });
});
