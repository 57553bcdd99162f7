import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { hashPassword } from "@camatlas/api";
import { type DatabaseHandle, openDatabase } from "@camatlas/db";
import { createUser } from "@camatlas/db/factories";
import { adminQuery, createTestDatabase, databaseUrl } from "@camatlas/db/testing";
import { MESSAGES } from "@camatlas/shared";
import type { LoadContextInput } from "@camatlas/web/server-contract";
import { Redis } from "ioredis";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { startTcpProxy, type TcpProxy, targetOf, throughProxy } from "./testing/tcp-proxy.ts";
import { testSite } from "./testing/test-site.ts";

// Outages of the site's services, simulated by cutting a TCP proxy between the site and the machine's real Redis
// and PostgreSQL (CI runs both: REDIS_URL, TEST_DATABASE_URL). Without them these tests are skipped.

const redisUrl = process.env.REDIS_URL;
const postgresUrl = process.env.TEST_DATABASE_URL;

/** A page whose loader reads the model list through the API, as the real pages do. */
const fakeBuild = {
  entry: {
    module: {
      createLoadContext: (input: LoadContextInput) => input,
      createRequestHandler: () => async (_request: Request, context: LoadContextInput) => {
        const reply = await context.apiFetch(new Request("http://localhost/api/models?per_page=1"));
        return new Response(`<p>models: ${reply.status}</p>`, {
          status: reply.ok ? 200 : 503,
          headers: { "content-type": "text/html" },
        });
      },
    },
  },
} as unknown as ServerBuild;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function siteOn(database: DatabaseHandle, extraEnv: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "camatlas-outage-"));
  dirs.push(dataDir);
  const created = testSite(database, {
    build: fakeBuild,
    dataDir,
    env: { TRUST_PROXY: "1", SEARCH_INDEX: "database", ...extraEnv },
  });
  const call = async (
    method: string,
    url: string,
    init: { ip?: string; token?: string; body?: unknown } = {},
  ) => {
    const headers: Record<string, string> = { "x-forwarded-for": init.ip ?? "198.51.100.1" };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers["content-type"] = "application/json";
    const started = performance.now();
    const res = await created.site.request(url, {
      method,
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, ms: performance.now() - started, text, json: () => JSON.parse(text) };
  };
  return { ...created, call };
}

describe.skipIf(!redisUrl)("a Redis outage (needs REDIS_URL; skipped without it)", () => {
  let database: DatabaseHandle;
  let proxy: TcpProxy;
  let direct: Redis;
  let site: ReturnType<typeof siteOn>;
  const password = "outage-password-1";
  let email = "";

  beforeAll(async () => {
    database = await createTestDatabase();
    proxy = await startTcpProxy(targetOf(redisUrl!));
    direct = new Redis(redisUrl!);
    site = siteOn(database, {
      REDIS_URL: throughProxy(redisUrl!, proxy),
      RATE_LIMIT_WRITES_PER_MINUTE: "3",
    });
    const user = await createUser(database.db, { passwordHash: await hashPassword(password) });
    email = user.email;
    await vi.waitFor(async () => expect((await site.call("GET", "/api/health")).json().redis).toBe("ok"), {
      timeout: 5_000,
    });
  });
  afterAll(async () => {
    await site?.deps.invalidation.close();
    await site?.deps.redis?.close();
    await proxy?.close();
    await direct?.quit();
    await database?.close();
  });

  const prefix = () =>
    `camatlas:${createHash("sha256").update(site.env.DATA_DIR).digest("hex").slice(0, 12)}:`;
  const signIn = async () => {
    const res = await site.call("POST", "/api/login", { body: { email, password }, ip: "198.51.100.50" });
    expect(res.status).toBe(200);
    return res.json().token as string;
  };
  const jtiOf = (token: string) =>
    JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).jti as string;

  it("pages, sign-in and the API keep answering, limits count in memory, and Redis is used again when it returns", async () => {
    const token = await signIn();
    const revokedLater = await signIn();
    // A first page loads what every page needs once (the geo database): measured below is the outage, not that.
    expect((await site.call("GET", "/warm-up")).status).toBe(200);
    proxy.cut();

    // Liveness says what is wrong; the instance stays ready (the database answers).
    const health = await site.call("GET", "/api/health");
    expect(health.status).toBe(200);
    expect(health.json()).toMatchObject({ status: "degraded", redis: "down", database: "ok" });
    expect((await site.call("GET", "/api/health/ready")).status).toBe(200);

    // Pages and API calls answer, quickly: no request waits for Redis.
    const page = await site.call("GET", "/");
    expect(page).toMatchObject({ status: 200, text: "<p>models: 200</p>" });
    expect(page.ms).toBeLessThan(1_500);
    expect((await site.call("GET", "/api/models")).status).toBe(200);
    expect((await site.call("GET", "/api/profile", { token })).status).toBe(200);
    expect((await signIn()).length).toBeGreaterThan(20);

    // Rate limits work from this process's memory: the 4th write of a minute from one address is refused.
    const writes = [];
    for (let i = 0; i < 4; i++)
      writes.push(
        (
          await site.call("POST", "/api/adblock-statistics", {
            ip: "198.51.100.7",
            body: { is_enabled: true },
          })
        ).status,
      );
    expect(writes).toEqual([204, 204, 204, 429]);

    // A sign-out during the outage holds at once (read from PostgreSQL) ...
    expect((await site.call("POST", "/api/auth/cross-site/logout", { token: revokedLater })).status).toBe(
      200,
    );
    expect((await site.call("GET", "/api/profile", { token: revokedLater })).status).toBe(401);
    expect(await direct.exists(`${prefix()}deny:${jtiOf(revokedLater)}`)).toBe(0);

    // Redis returns: the same process uses it again, without a restart.
    proxy.restore();
    await vi.waitFor(async () => expect((await site.call("GET", "/api/health")).json().redis).toBe("ok"), {
      timeout: 10_000,
    });
    expect((await site.call("GET", "/api/health")).json().status).toBe("ok");
    // ... and is written to Redis when it answers again, so every instance refuses the token.
    await vi.waitFor(async () =>
      expect(await direct.exists(`${prefix()}deny:${jtiOf(revokedLater)}`)).toBe(1),
    );
    expect((await site.call("GET", "/api/profile", { token: revokedLater })).status).toBe(401);
    expect((await site.call("GET", "/api/profile", { token })).status).toBe(200);
    // Limits are shared again: the counter lives in Redis.
    const ip = "198.51.100.8";
    expect(
      (await site.call("POST", "/api/adblock-statistics", { ip, body: { is_enabled: false } })).status,
    ).toBe(204);
    expect(await direct.get(`${prefix()}rl:write:${ip}`)).toBe("1");

    // A Redis that accepts but stops answering (a partition, a stalled server): one request waits for the command
    // time-out, the next ones skip Redis for a few seconds.
    proxy.hang();
    const first = await site.call("GET", "/api/models", { ip: "198.51.100.9" });
    expect(first.status).toBe(200);
    expect(first.ms).toBeLessThan(1_500);
    const next = [];
    for (let i = 0; i < 5; i++) next.push(await site.call("GET", "/api/models", { ip: "198.51.100.9" }));
    expect(next.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(Math.max(...next.map((r) => r.ms))).toBeLessThan(400);
    expect((await site.call("GET", "/api/health")).json()).toMatchObject({ redis: "down" });
    proxy.restore();
    await vi.waitFor(async () => expect((await site.call("GET", "/api/health")).json().redis).toBe("ok"), {
      timeout: 10_000,
    });
  });
});

describe.skipIf(!postgresUrl)("a PostgreSQL outage (needs TEST_DATABASE_URL; skipped without it)", () => {
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let site: ReturnType<typeof siteOn>;
  /** Another instance on the same database: hears the first one's writes by LISTEN/NOTIFY. */
  let other: ReturnType<typeof siteOn>;
  const name = `camatlas_t_${Date.now().toString(36)}_outage`;

  beforeAll(async () => {
    await adminQuery(postgresUrl!, `create database "${name}" template "${inject("postgresTemplate")}"`);
    proxy = await startTcpProxy(targetOf(postgresUrl!));
    database = await openDatabase({
      url: databaseUrl(throughProxy(postgresUrl!, proxy), name),
      poolSize: 4,
      connectTimeoutMs: 2_000,
    });
    site = siteOn(database, {});
    other = siteOn(database, {});
  });
  afterAll(async () => {
    await site?.deps.invalidation.close();
    await other?.deps.invalidation.close();
    await database?.close().catch(() => {});
    await proxy?.close();
    await adminQuery(postgresUrl!, `drop database if exists "${name}" with (force)`);
  });

  it("calls fail fast with 503 while it is away and the same process serves again within seconds after", async () => {
    expect((await site.call("GET", "/api/models")).status).toBe(200);
    proxy.cut();

    // Ten calls at once: each answers 503 with the shared message, none hangs.
    const started = performance.now();
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => site.call("GET", `/api/models?page=${i + 2}`)),
    );
    expect(performance.now() - started).toBeLessThan(5_000);
    for (const reply of replies) {
      expect(reply.status).toBe(503);
      expect(reply.json()).toEqual({ message: MESSAGES.api.serviceUnavailable });
    }
    const health = await site.call("GET", "/api/health");
    expect(health.status).toBe(200);
    expect(health.json()).toMatchObject({ status: "degraded", database: "unreachable" });
    const ready = await site.call("GET", "/api/health/ready");
    expect(ready.status).toBe(503);
    expect(ready.json()).toMatchObject({ status: "unavailable", database: "unreachable" });

    proxy.restore();
    const back = performance.now();
    await vi.waitFor(async () => expect((await site.call("GET", "/api/models?page=20")).status).toBe(200), {
      timeout: 10_000,
      interval: 200,
    });
    expect(performance.now() - back).toBeLessThan(5_000);
    expect((await site.call("GET", "/api/health/ready")).status).toBe(200);

    // The instances hear each other's writes again: the listening connection came back by itself.
    let heard = 0;
    other.deps.invalidation.onInvalidate("accounts", () => heard++);
    await vi.waitFor(
      () => {
        site.deps.invalidation.publish("accounts");
        expect(heard).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 250 },
    );
    // The probes published above may still be on their way: let them land before counting one message.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    heard = 0;
    site.deps.invalidation.publish("accounts");
    await vi.waitFor(() => expect(heard).toBe(1));
  });
});
