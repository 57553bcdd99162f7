import { countAlertJobs, createIngestCache, type IngestCache, ingestPoll } from "@camatlas/db";
import { createModel } from "@camatlas/db/factories";
import { ALERT_NOTICES, CAMSITE_ID, FOLLOW_MESSAGES } from "@camatlas/shared";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../testing/test-api.ts";
import { createCaptureMailer } from "../mail/capture-mailer.ts";
import { type SignedIn, signIn } from "../models/test-helpers.ts";
import { type AlertWorkerDeps, runNextAlertJob, sendDueDigests } from "./alert-worker.ts";
import { browserSubscriptionKeys, startTestPushService, type TestPushService } from "./test-push-service.ts";

// Alerts end to end below HTTP: polls go through ingest, the worker runs the queue, fans read their notifications.

let t: TestApi;
let push: TestPushService;
let deps: AlertWorkerDeps;
const mailer = createCaptureMailer();
let cache: IngestCache;
let model: Awaited<ReturnType<typeof createModel>>;
const fans: Record<"plain" | "eachSession" | "muted" | "quiet" | "shows" | "mailer", SignedIn> = {} as never;
const T0 = Math.floor(Date.now() / 1000) - 6 * 3600;
const cbName = `alice_cb_${Date.now()}`;
const mfcName = `alice_mfc_${Date.now()}`;

async function poll(camSiteId: number, at: number, observations: { nickname: string; status: number }[]) {
  await ingestPoll(
    t.database.db,
    { camSiteId, observedAt: at, complete: true, observations },
    { maxGapSeconds: 300, cache },
  );
}

async function drainQueue() {
  let ran = 0;
  while (await runNextAlertJob(deps)) ran++;
  return ran;
}

async function alertsOf(fan: SignedIn) {
  const res = await t.call("GET", "/api/notifications?per_page=50", { headers: fan.headers });
  const { data } = await res.json();
  return (data as { type: string; data: { text: string; url?: string } }[]).filter((n) =>
    n.type.startsWith("model_"),
  );
}

/** The local minute of `at` in a time zone. */
function minuteIn(at: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(at * 1000));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return part("hour") * 60 + part("minute");
}

const settings = (over: Record<string, unknown>) => ({
  in_site: true,
  push: true,
  email: "off",
  each_session: false,
  show_changes: false,
  quiet_start_minute: null,
  quiet_end_minute: null,
  time_zone: "UTC",
  ...over,
});

beforeAll(async () => {
  t = await createTestApi();
  push = await startTestPushService();
  cache = createIngestCache();
  deps = {
    db: t.database.db,
    dataDir: t.deps.env.DATA_DIR,
    publicUrl: "https://camatlas.test",
    productName: "CamAtlas",
    logger: pino({ level: "silent" }),
    mailer,
    allowPrivatePush: true,
    pushExtraCa: push.ca,
  };
  model = await createModel(t.database.db, {
    name: "Alice Alerts",
    nicknames: [
      { camSiteId: CAMSITE_ID.chaturbate, nickname: cbName },
      { camSiteId: CAMSITE_ID.myFreeCams, nickname: mfcName },
    ],
  });
  for (const key of Object.keys({
    plain: 1,
    eachSession: 1,
    muted: 1,
    quiet: 1,
    shows: 1,
    mailer: 1,
  }) as (keyof typeof fans)[]) {
    fans[key] = await signIn(t);
    expect(
      (await t.call("POST", `/api/models/${model.id}/follow`, { headers: fans[key].headers })).status,
    ).toBe(200);
  }
  const save = (fan: SignedIn, body: Record<string, unknown>) =>
    t.call("PUT", "/api/profile/alert-settings", { headers: fan.headers, body: settings(body) });
  expect((await save(fans.eachSession, { each_session: true })).status).toBe(200);
  expect((await save(fans.shows, { show_changes: true })).status).toBe(200);
  expect((await save(fans.mailer, { email: "instant", push: false })).status).toBe(200);
  const m = minuteIn(T0, "Asia/Tokyo");
  expect(
    (
      await save(fans.quiet, {
        time_zone: "Asia/Tokyo",
        quiet_start_minute: (m + 1440 - 30) % 1440,
        quiet_end_minute: (m + 30) % 1440,
      })
    ).status,
  ).toBe(200);
  await t.call("PATCH", `/api/models/${model.id}/follow`, {
    headers: fans.muted.headers,
    body: { muted: true },
  });
  for (const key of ["plain", "eachSession", "quiet"] as const) {
    const res = await t.call("POST", "/api/profile/push-subscriptions", {
      headers: fans[key].headers,
      body: { endpoint: `${push.origin}/push/${key}`, keys: browserSubscriptionKeys() },
    });
    expect(res.status).toBe(201);
  }
});
afterAll(async () => {
  await push.close();
  await t.close();
});

describe("online anywhere alerts", () => {
  it("alerts each follower once when she comes online, in-site with her page's address and by push", async () => {
    await poll(CAMSITE_ID.chaturbate, T0, [{ nickname: cbName, status: 1 }]);
    const plainPush = push.next("/push/plain");
    expect(await drainQueue()).toBe(1);
    const received = await plainPush;
    expect(received.headers["content-encoding"]).toBe("aes128gcm");
    expect(String(received.headers.authorization)).toMatch(/^vapid t=.+, k=.+/);
    const alerts = await alertsOf(fans.plain);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.data.text).toBe(ALERT_NOTICES.online.text("Alice Alerts", "Chaturbate"));
    expect(alerts[0]!.data.url).toBe(`/models/${model.slug}`);
    expect(await alertsOf(fans.muted)).toEqual([]);
  });

  it("keeps quiet hours in the fan's time zone: the in-site notice, no push", async () => {
    expect(await alertsOf(fans.quiet)).toHaveLength(1);
    expect(push.received.filter((p) => p.path === "/push/quiet")).toEqual([]);
    expect(push.received.filter((p) => p.path === "/push/eachSession")).toHaveLength(1);
  });

  it("sends an instant e-mail with a one-click unsubscribe that turns alert mail off", async () => {
    const mail = mailer.sent.at(-1)!;
    expect(mail.text).toContain(`https://camatlas.test/models/${model.slug}`);
    const unsubscribe = mail.headers?.["List-Unsubscribe"] ?? "";
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = new URL(unsubscribe.slice(1, -1));
    const res = await t.call("POST", `${url.pathname}${url.search}`, {
      body: { "List-Unsubscribe": "One-Click" },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(FOLLOW_MESSAGES.unsubscribed);
    const now = await (
      await t.call("GET", "/api/profile/alert-settings", { headers: fans.mailer.headers })
    ).json();
    expect(now.email).toBe("off");
    expect((await t.call("POST", "/api/alerts/unsubscribe?token=nope", { body: {} })).status).toBe(404);
  });

  it("says nothing more when she also comes online on another camsite in the same session", async () => {
    await poll(CAMSITE_ID.myFreeCams, T0 + 60, [{ nickname: mfcName, status: 1 }]);
    expect(await countAlertJobs(t.database.db, "queued")).toBe(0);
    expect(await alertsOf(fans.plain)).toHaveLength(1);
  });

  it("alerts show changes only to fans who asked for them", async () => {
    await poll(CAMSITE_ID.chaturbate, T0 + 120, [{ nickname: cbName, status: 2 }]);
    await drainQueue();
    const shows = await alertsOf(fans.shows);
    expect(shows.map((a) => a.data.text)).toContain(
      ALERT_NOTICES.showChange.text("Alice Alerts", "Private", "Chaturbate"),
    );
    expect(await alertsOf(fans.plain)).toHaveLength(1);
  });

  it("stays quiet for 2 hours after an alert, unless the fan asked for each session", async () => {
    await poll(CAMSITE_ID.chaturbate, T0 + 900, []);
    await poll(CAMSITE_ID.myFreeCams, T0 + 900, []);
    await poll(CAMSITE_ID.chaturbate, T0 + 1800, [{ nickname: cbName, status: 1 }]);
    await drainQueue();
    expect(await alertsOf(fans.plain)).toHaveLength(1);
    expect(await alertsOf(fans.eachSession)).toHaveLength(2);
    // A new session 3 hours later reaches everyone again.
    await poll(CAMSITE_ID.chaturbate, T0 + 2400, []);
    await poll(CAMSITE_ID.chaturbate, T0 + 3 * 3600 + 1800, [{ nickname: cbName, status: 1 }]);
    await drainQueue();
    expect(await alertsOf(fans.plain)).toHaveLength(2);
  });

  it("is idempotent: a job run again reaches nobody twice", async () => {
    await t.database.db.execute(
      // Re-open the newest online job as if its worker had died after the fan-out.
      (await import("drizzle-orm")).sql`update alert_jobs set state = 'queued', attempts = 0
        where id = (select max(id) from alert_jobs where kind = 'online')`,
    );
    await drainQueue();
    expect(await alertsOf(fans.plain)).toHaveLength(2);
  });

  it("collects digest alerts into one mail", async () => {
    await t.call("PUT", "/api/profile/alert-settings", {
      headers: fans.plain.headers,
      body: settings({ email: "digest", each_session: true }),
    });
    await poll(CAMSITE_ID.chaturbate, T0 + 4 * 3600, []);
    await poll(CAMSITE_ID.chaturbate, T0 + 5 * 3600, [{ nickname: cbName, status: 1 }]);
    await drainQueue();
    const before = mailer.sent.length;
    expect(await sendDueDigests(deps, 0)).toBe(1);
    expect(mailer.sent).toHaveLength(before + 1);
    expect(mailer.sent.at(-1)!.subject).toBe("Your alerts: 1 update");
    expect(await sendDueDigests(deps, 0)).toBe(0);
  });

  it("refuses push endpoints that are not https, and forgets a browser the push service calls gone", async () => {
    const bad = await t.call("POST", "/api/profile/push-subscriptions", {
      headers: fans.shows.headers,
      body: { endpoint: "http://127.0.0.1/x", keys: browserSubscriptionKeys() },
    });
    expect(bad.status).toBe(422);
    push.answerWith(410);
    await poll(CAMSITE_ID.chaturbate, T0 + 5 * 3600 + 900, []);
    await poll(CAMSITE_ID.chaturbate, T0 + 8 * 3600, [{ nickname: cbName, status: 1 }]);
    await drainQueue();
    const gone = await t.call("POST", "/api/profile/push-subscriptions/remove", {
      headers: fans.eachSession.headers,
      body: { endpoint: `${push.origin}/push/eachSession` },
    });
    expect(gone.status).toBe(404);
  });
});
