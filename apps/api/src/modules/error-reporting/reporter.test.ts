import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSentry } from "./fake-sentry.ts";
import { createErrorReporter, describeError, isIgnoredError } from "./reporter.ts";
import { parseDsn, parseStack } from "./sentry-envelope.ts";

let sentry: Awaited<ReturnType<typeof startFakeSentry>>;
beforeAll(async () => {
  sentry = await startFakeSentry();
});
afterAll(() => sentry.close());

const boom = (message: string) => ({ ...describeError(new Error(message)), source: "server" as const });

describe("parseDsn", () => {
  it("finds the key and the envelope endpoint, keeping a path prefix", () => {
    expect(parseDsn("https://abc@o1.ingest.sentry.io/123")).toMatchObject({
      publicKey: "abc",
      envelopeUrl: "https://o1.ingest.sentry.io/api/123/envelope/",
    });
    expect(parseDsn("http://k@localhost:9000/sentry/7").envelopeUrl).toBe(
      "http://localhost:9000/sentry/api/7/envelope/",
    );
    expect(() => parseDsn("https://sentry.io/123")).toThrow();
  });
});

describe("parseStack", () => {
  it("reads V8 and Gecko frames, oldest first", () => {
    const frames = parseStack(
      "Error: x\n    at inner (/app/src/a.ts:10:5)\n    at /app/node_modules/lib/b.js:2:1\nouter@https://site/assets/c.js:3:9",
    );
    expect(frames.map((f) => f.function ?? null)).toEqual(["outer", null, "inner"]);
    expect(frames[1]).toMatchObject({ filename: "/app/node_modules/lib/b.js", in_app: false });
    expect(frames[2]).toMatchObject({ lineno: 10, colno: 5, in_app: true });
  });
});

describe("createErrorReporter", () => {
  it("posts an event envelope with the DSN's key to the project's envelope endpoint", async () => {
    const reporter = createErrorReporter({ dsn: sentry.dsn, environment: "production", release: "abc123" });
    expect(reporter.capture({ ...boom("database exploded"), url: "/api/x", method: "GET", userId: 7 })).toBe(
      true,
    );
    await reporter.flush();
    const last = sentry.received.at(-1)!;
    expect(last.path).toBe("/api/42/envelope/");
    expect(last.auth).toContain("sentry_key=publickey123");
    expect(last.itemHeader).toMatchObject({ type: "event" });
    expect(last.event).toMatchObject({
      platform: "node",
      level: "error",
      environment: "production",
      release: "abc123",
      request: { url: "/api/x", method: "GET" },
      user: { id: "7" },
      tags: { source: "server" },
    });
    expect(last.event.exception.values[0]).toMatchObject({ type: "Error", value: "database exploded" });
    expect(last.event.exception.values[0]!.stacktrace!.frames.length).toBeGreaterThan(0);
  });

  it("ignores 'Non-Error exception', 'logMutedMessage' and 'ChunkLoadError'", async () => {
    const reporter = createErrorReporter({ dsn: sentry.dsn, environment: "production" });
    const before = sentry.received.length;
    expect(
      reporter.capture({ ...boom("Non-Error exception captured with keys: a"), source: "browser" }),
    ).toBe(false);
    expect(reporter.capture(boom("logMutedMessage"))).toBe(false);
    expect(
      reporter.capture({ name: "ChunkLoadError", message: "Loading chunk 7 failed.", source: "browser" }),
    ).toBe(false);
    expect(describeError("a string").message).toMatch(/^Non-Error exception/);
    expect(isIgnoredError(describeError(42).message)).toBe(true);
    await reporter.flush();
    expect(sentry.received.length).toBe(before);
  });

  it("sends the same error at most once per 60 s", async () => {
    let now = 1_000_000;
    const reporter = createErrorReporter({ dsn: sentry.dsn, environment: "production", now: () => now });
    const error = boom("same failure");
    const before = sentry.received.length;
    expect(reporter.capture(error)).toBe(true);
    now += 59_000;
    expect(reporter.capture(error)).toBe(false);
    expect(reporter.capture(boom("another failure"))).toBe(true);
    now += 2_000;
    expect(reporter.capture(error)).toBe(true);
    await reporter.flush();
    expect(sentry.received.length - before).toBe(3);
  });

  it("keeps at most 30 reports waiting, dropping the oldest", async () => {
    const sent: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reporter = createErrorReporter({
      dsn: sentry.dsn,
      environment: "production",
      fetch: async (_url, init) => {
        await gate;
        sent.push(String(init?.body).split("\n")[2]!);
        return new Response("{}");
      },
    });
    for (let i = 0; i < 40; i++) reporter.capture(boom(`error ${i}`));
    release();
    await reporter.flush();
    // The first one was already on its way; of the 39 waiting, the 30 newest remain.
    expect(sent).toHaveLength(31);
    expect(JSON.parse(sent[1]!).exception.values[0].value).toBe("error 10");
    expect(JSON.parse(sent[30]!).exception.values[0].value).toBe("error 39");
  });

  it("survives an unreachable endpoint", async () => {
    const reporter = createErrorReporter({ dsn: "http://k@127.0.0.1:1/1", environment: "production" });
    expect(reporter.capture(boom("nowhere to go"))).toBe(true);
    await expect(reporter.flush()).resolves.toBeUndefined();
  });
});

describe("describeError", () => {
  it("reports a failed statement by its SQL and SQLSTATE, never its parameters", () => {
    // Shaped as the ORM wraps the driver's error.
    const driver = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_unique"'),
      {
        severity: "ERROR",
        code: "23505",
        constraint: "users_email_unique",
        detail: "Key (lower(email))=(private@example.com) already exists.",
      },
    );
    const orm = Object.assign(
      new Error('Failed query: insert into "users" ("email") values ($1)\nparams: private@example.com', {
        cause: driver,
      }),
      { query: 'insert into "users" ("email") values ($1)', params: ["private@example.com"] },
    );
    const report = describeError(orm);
    expect(JSON.stringify(report)).not.toContain("private@example.com");
    expect(report.message).toContain("SQLSTATE 23505");
  });
});
