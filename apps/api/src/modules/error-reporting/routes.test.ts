import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { startFakeSentry } from "./fake-sentry.ts";

let sentry: Awaited<ReturnType<typeof startFakeSentry>>;
let t: TestApi;

beforeAll(async () => {
  sentry = await startFakeSentry();
  t = await createTestApi({ APP_ENV: "production", SENTRY_DSN: sentry.dsn });
});
afterAll(async () => {
  await t.close().catch(() => {});
  await sentry.close();
});

const clientError = (body: unknown, headers: Record<string, string> = {}) =>
  t.call("POST", "/api/client-errors", { body, headers });

describe("POST /api/client-errors", () => {
  it("forwards a browser error to the reporting service and answers 204", async () => {
    const res = await clientError(
      {
        name: "TypeError",
        message: "Cannot read properties of undefined (reading 'slug')",
        stack: "TypeError: Cannot read\n    at ModelCard (https://site/assets/model-card.js:12:34)",
        url: "https://site/models/luna",
      },
      { "user-agent": "Mozilla/5.0 Test" },
    );
    expect(res.status).toBe(204);
    await t.deps.errorReporter.flush();
    const event = sentry.received.at(-1)!.event;
    expect(event).toMatchObject({
      platform: "javascript",
      tags: { source: "browser" },
      request: { url: "https://site/models/luna", headers: { "User-Agent": "Mozilla/5.0 Test" } },
    });
    expect(event.exception.values[0]).toMatchObject({ type: "TypeError" });
  });

  it("drops ignored messages and repeats within 60 s, still answering 204", async () => {
    const before = sentry.received.length;
    expect((await clientError({ name: "ChunkLoadError", message: "Loading chunk 3 failed." })).status).toBe(
      204,
    );
    expect((await clientError({ message: "Non-Error exception captured" })).status).toBe(204);
    expect((await clientError({ message: "flaky widget" })).status).toBe(204);
    expect((await clientError({ message: "flaky widget" })).status).toBe(204);
    await t.deps.errorReporter.flush();
    expect(sentry.received.length - before).toBe(1);
  });

  it("validates the body (422) and limits callers per IP (429)", async () => {
    expect((await clientError({ message: "" })).status).toBe(422);
    const headers = { "x-internal-token": "test-internal-token", "CamAtlas-Client-Ip": "198.51.100.77" };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await clientError({ message: `loop ${i}` }, headers)).status);
    expect(statuses.slice(0, 20).every((s) => s === 204)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("unexpected server errors", () => {
  it("answer 500 without details and are reported", async () => {
    await t.deps.errorReporter.flush();
    const before = sentry.received.length;
    // A table the endpoint reads is gone: a query error no caller can fix (an unreachable database is a 503 instead).
    await t.database.db.execute(sql`alter table cam_sites rename to cam_sites_gone`);
    const res = await t.call("GET", "/api/legacy/resolve?kind=camsite&id=1");
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: "Server Error" });
    await t.deps.errorReporter.flush();
    expect(sentry.received.length - before).toBe(1);
    expect(sentry.received.at(-1)!.event).toMatchObject({
      platform: "node",
      environment: "production",
      request: { url: "/api/legacy/resolve", method: "GET" },
    });
  });
});
