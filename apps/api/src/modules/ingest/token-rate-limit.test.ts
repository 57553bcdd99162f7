import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";

// The collectors' ingest is a service: the per-IP write limit meant for people (here 2 a minute) never answers it
// 429; it has its own limit by token (here 4 a minute). A wrong token stays under the people's limit. Requests
// carry a client IP the way the SSR server forwards one, so the per-IP limit applies to them.

const TOKEN = "test-ingest-token-rate-limit-0123";
const IP = { "CamAtlas-Client-Ip": "198.51.100.40", "x-internal-token": "test-internal-token" };
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({
    INGEST_TOKEN: TOKEN,
    RATE_LIMIT_WRITES_PER_MINUTE: "2",
    INGEST_RATE_LIMIT_PER_MINUTE: "4",
  });
});
afterAll(() => t.close());

const NOW = Math.floor(Date.now() / 1000);
const poll = (secondsAgo: number) => ({
  cam_site_id: 36,
  observed_at: new Date((NOW - secondsAgo) * 1000).toISOString(),
  complete: true,
  observations: [{ nickname: "limit_lena", status: 1 }],
});
const post = (secondsAgo: number, token = TOKEN) =>
  t.call("POST", "/api/ingest/observations", {
    body: poll(secondsAgo),
    headers: { ...IP, authorization: `Bearer ${token}` },
  });

describe("the ingest token's own rate limit", () => {
  it("posts past the people's write limit, up to the token's limit, then 429 with Retry-After", async () => {
    const statuses = [];
    for (const ago of [500, 440, 380, 320]) statuses.push((await post(ago)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    const fifth = await post(260);
    expect(fifth.status).toBe(429);
    expect(Number(fifth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(fifth.headers.get("x-ratelimit-limit")).toBe("4");
  });

  it("keeps a wrong token under the people's limit", async () => {
    const other = { "CamAtlas-Client-Ip": "198.51.100.41", "x-internal-token": "test-internal-token" };
    const wrong = () =>
      t.call("POST", "/api/ingest/observations", {
        body: poll(10),
        headers: { ...other, authorization: "Bearer not-the-token-at-all" },
      });
    expect([(await wrong()).status, (await wrong()).status, (await wrong()).status]).toEqual([401, 401, 429]);
  });
});
