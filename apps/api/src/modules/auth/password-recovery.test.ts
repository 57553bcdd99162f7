import { API_MESSAGES } from "@camatlas/shared";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryRateLimitStore } from "../../lib/rate-limit-store.ts";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { createCaptureMailer } from "../mail/capture-mailer.ts";

let t: TestApi;
const mailer = createCaptureMailer();
beforeAll(async () => {
  t = await createTestApi({ PUBLIC_URL: "https://camatlas.example", PRODUCT_NAME: "CamAtlas" });
  t.deps.mailer = mailer;
  const res = await t.call("POST", "/api/register", {
    body: {
      nick_name: "forgetful",
      email: "forgetful@example.com",
      password: "old password 123",
      confirm: "old password 123",
      birthday: "1990-01-01",
    },
  });
  expect(res.status).toBe(200);
});
afterAll(() => t.close());
// Each test starts with fresh rate-limit windows; the limits themselves are tested on their own.
beforeEach(() => {
  t.deps.rateLimitStore = createMemoryRateLimitStore();
});

const login = (password: string) =>
  t.call("POST", "/api/login", { body: { email: "forgetful@example.com", password } });

/** The token of the next recovery mail (notices about a changed password are passed over). */
async function nextRecoveryToken(): Promise<string> {
  for (;;) {
    const mail = await mailer.next();
    const token = /token=([0-9a-f]{64})/.exec(mail.text)?.[1];
    if (token) return token;
  }
}

async function requestLink(email = "Forgetful@Example.com"): Promise<string> {
  const next = nextRecoveryToken();
  const res = await t.call("POST", "/api/auth/forgot-password", { body: { email } });
  expect(res.status).toBe(200);
  return next;
}

describe("password recovery", () => {
  it("answers the same for a known and an unknown email, and mails only the known one", async () => {
    const before = mailer.sent.length;
    const unknown = await t.call("POST", "/api/auth/forgot-password", {
      body: { email: "nobody@example.com" },
    });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ message: API_MESSAGES.passwordResetSent });

    const next = mailer.next();
    const known = await t.call("POST", "/api/auth/forgot-password", {
      body: { email: "forgetful@example.com" },
    });
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual({ message: API_MESSAGES.passwordResetSent });
    const mail = await next;
    expect(mailer.sent.length).toBe(before + 1);
    expect(mail.to).toBe("forgetful@example.com");
    expect(mail.subject).toContain("CamAtlas");
    expect(mail.text).toMatch(/https:\/\/camatlas\.example\/auth\/restore-password\?token=[0-9a-f]{64}/);
    expect(mail.html).toContain("https://camatlas.example/auth/restore-password?token=");
    expect(mail.html).toContain("CamAtlas");
  });

  it("answers a known email without waiting for its extra work: a hanging or failing mail transport changes nothing", async () => {
    const unknown = await t.call("POST", "/api/auth/forgot-password", {
      body: { email: "nobody@example.com" },
    });
    const unknownBody = await unknown.json();
    for (const send of [
      () => new Promise<void>(() => {}),
      () => {
        throw new Error("transport down");
      },
    ]) {
      t.deps.rateLimitStore = createMemoryRateLimitStore();
      t.deps.mailer = { kind: "smtp", send: send as () => Promise<void> };
      try {
        const known = await t.call("POST", "/api/auth/forgot-password", {
          body: { email: "forgetful@example.com" },
        });
        expect(known.status).toBe(unknown.status);
        expect(await known.json()).toEqual(unknownBody);
      } finally {
        t.deps.mailer = mailer;
      }
    }
  });

  it("answers a known email before storing its recovery token: the reply does no work an unknown email skips", async () => {
    // With the token store failing, a reply that waited for it would be a 500 for known emails only.
    const { db } = t.database;
    await db.execute(
      `create function refuse_reset_token() returns trigger language plpgsql as $$
      begin raise exception 'recovery tokens unavailable'; end $$` as never,
    );
    await db.execute(
      `create trigger refuse_reset_token before insert on password_reset_tokens
      for each row execute function refuse_reset_token()` as never,
    );
    const logged: string[] = [];
    const logger = t.deps.logger;
    t.deps.logger = pino({ level: "error" }, { write: (line: string) => void logged.push(line) });
    try {
      const known = await t.call("POST", "/api/auth/forgot-password", {
        body: { email: "forgetful@example.com" },
      });
      expect(known.status).toBe(200);
      expect(await known.json()).toEqual({ message: API_MESSAGES.passwordResetSent });
      // The failure shows up in the log, after the reply.
      await vi.waitFor(() => expect(logged.join("")).toContain("password recovery mail failed"));
    } finally {
      t.deps.logger = logger;
      await db.execute(`drop trigger refuse_reset_token on password_reset_tokens` as never);
      await db.execute(`drop function refuse_reset_token()` as never);
    }
  });

  it("refuses a malformed email with a field error", async () => {
    const res = await t.call("POST", "/api/auth/forgot-password", { body: { email: "not-an-email" } });
    expect(res.status).toBe(422);
    expect(Object.keys((await res.json()).errors)).toEqual(["email"]);
  });

  it("checks the mailed token, restores once, and then only the new password signs in", async () => {
    const token = await requestLink();
    const check = await t.call("POST", "/api/auth/token/check", { body: { token } });
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ valid: true });

    // A session signed in with the old password ends with the restore.
    const session = (await (await login("old password 123")).json()).token as string;

    const mismatch = await t.call("POST", "/api/auth/restore-password", {
      body: { token, password: "new password 456", confirm: "typo" },
    });
    expect(mismatch.status).toBe(422);

    const restored = await t.call("POST", "/api/auth/restore-password", {
      body: { token, password: "new password 456", confirm: "new password 456" },
    });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toEqual({ message: API_MESSAGES.passwordReset });

    expect((await login("old password 123")).status).toBe(422);
    expect((await login("new password 456")).status).toBe(200);
    const ended = await t.call("POST", "/api/auth/token/check", { body: { token: session } });
    expect(ended.status).toBe(422);

    // Single use: the same link fails now, and so does its check.
    const again = await t.call("POST", "/api/auth/restore-password", {
      body: { token, password: "third password 789", confirm: "third password 789" },
    });
    expect(again.status).toBe(422);
    expect((await again.json()).errors).toEqual({ token: [API_MESSAGES.invalidToken] });
    expect((await t.call("POST", "/api/auth/token/check", { body: { token } })).status).toBe(422);
  });

  it("refuses an expired link, an unknown token and a too-short password", async () => {
    const token = await requestLink();
    // Age the token past its 60 minutes.
    await t.database.db.execute(
      `update password_reset_tokens set expires_at = now() - interval '1 minute' where used_at is null` as never,
    );
    const expired = await t.call("POST", "/api/auth/restore-password", {
      body: { token, password: "another password", confirm: "another password" },
    });
    expect(expired.status).toBe(422);
    expect((await expired.json()).errors.token).toEqual([API_MESSAGES.invalidToken]);
    expect((await t.call("POST", "/api/auth/token/check", { body: { token } })).status).toBe(422);

    const unknown = await t.call("POST", "/api/auth/restore-password", {
      body: { token: "0".repeat(64), password: "another password" },
    });
    expect(unknown.status).toBe(422);

    const fresh = await requestLink();
    const short = await t.call("POST", "/api/auth/restore-password", {
      body: { token: fresh, password: "short", confirm: "short" },
    });
    expect(short.status).toBe(422);
    expect(Object.keys((await short.json()).errors)).toContain("password");
  });

  it("stores only a hash of the token", async () => {
    const token = await requestLink("forgetful@example.com");
    const rows = (await t.database.db.execute(
      `select token_hash from password_reset_tokens` as never,
    )) as unknown as {
      rows: { token_hash: string }[];
    };
    const hashes = rows.rows.map((r) => r.token_hash);
    expect(hashes.length).toBeGreaterThan(0);
    expect(hashes).not.toContain(token);
    expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
  });

  it("limits requests per account: the fourth within an hour answers 429 whether or not the email exists", async () => {
    for (const email of ["ghost@example.com", "forgetful@example.com"]) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await t.call("POST", "/api/auth/forgot-password", { body: { email } })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
  });
});

describe("rate limits per IP", () => {
  it("forgot-password allows 10 an hour per IP, restore-password 20 a quarter hour", async () => {
    t.deps.rateLimitStore = createMemoryRateLimitStore();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.call("POST", "/api/auth/forgot-password", {
        body: { email: `person${i}@example.com` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
