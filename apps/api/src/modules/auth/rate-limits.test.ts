import { API_MESSAGES } from "@camatlas/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMemoryRateLimitStore } from "../../lib/rate-limit-store.ts";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { createSignedInUser, TEST_PASSWORD } from "./test-sessions.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => {
  t.deps.rateLimitStore = createMemoryRateLimitStore();
});

const statuses = async (count: number, send: (i: number) => Promise<Response>) => {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await send(i)).status);
  return out;
};

describe("rate limits on credentials", () => {
  it("login: 10 attempts per account in 15 minutes, then 429 even with the right password", async () => {
    const { user } = await createSignedInUser(t);
    const wrong = await statuses(10, () =>
      t.call("POST", "/api/login", { body: { email: user.email, password: "wrong password" } }),
    );
    expect(wrong.every((s) => s === 422)).toBe(true);
    const right = await t.call("POST", "/api/login", {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(right.status).toBe(429);
    // Another account is not affected.
    const other = await createSignedInUser(t);
    expect(
      (await t.call("POST", "/api/login", { body: { email: other.user.email, password: TEST_PASSWORD } }))
        .status,
    ).toBe(200);
  });

  it("login: guessing from other addresses does not lock the owner out (attempts count per account and IP)", async () => {
    const { user } = await createSignedInUser(t);
    const from = (ip: string) => ({ "CamAtlas-Client-Ip": ip, "x-internal-token": "test-internal-token" });
    const attacker = from("203.0.113.9");
    const wrong = await statuses(10, () =>
      t.call("POST", "/api/login", {
        headers: attacker,
        body: { email: user.email, password: "wrong password" },
      }),
    );
    expect(wrong.every((s) => s === 422)).toBe(true);
    const attackerAgain = await t.call("POST", "/api/login", {
      headers: attacker,
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(attackerAgain.status).toBe(429);
    const owner = await t.call("POST", "/api/login", {
      headers: from("198.51.100.7"),
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(owner.status).toBe(200);
  });

  it("login: email and nick name are one account for the count", async () => {
    const { user } = await createSignedInUser(t);
    const wrong = await statuses(10, (i) =>
      t.call("POST", "/api/login", {
        body:
          i % 2 === 0
            ? { email: user.email, password: "wrong password" }
            : { nick_name: user.nickName.toUpperCase(), password: "wrong password" },
      }),
    );
    expect(wrong.every((s) => s === 422)).toBe(true);
    const byNick = await t.call("POST", "/api/login", {
      body: { nick_name: user.nickName, password: TEST_PASSWORD },
    });
    expect(byNick.status).toBe(429);
    expect(await byNick.json()).toEqual({ message: API_MESSAGES.tooManyRequests });
  });

  it("login: 20 attempts per IP in 15 minutes, whatever the account", async () => {
    const result = await statuses(21, (i) =>
      t.call("POST", "/api/login", { body: { email: `nobody${i}@example.com`, password: "wrong password" } }),
    );
    expect(result.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(result[20]).toBe(429);
  });

  it("register: 5 attempts per email an hour, 10 per IP", async () => {
    const body = (i: number) => ({
      email: "same@example.com",
      nick_name: `same_${i}`,
      password: "long enough pass",
      confirm: "long enough pass",
      birthday: "1990-01-01",
    });
    const sameEmail = await statuses(6, (i) => t.call("POST", "/api/register", { body: body(i) }));
    expect(sameEmail).toEqual([200, 422, 422, 422, 422, 429]);

    t.deps.rateLimitStore = createMemoryRateLimitStore();
    const perIp = await statuses(11, (i) =>
      t.call("POST", "/api/register", {
        body: { email: `n${i}@example.com`, nick_name: "x", password: "short" },
      }),
    );
    expect(perIp[10]).toBe(429);
  });
});
