// Alert fan-out on PostgreSQL: one model with --followers fans; a poll brings her online and the alert worker
// delivers. Reports the time from the poll's start to every in-site notice written, and to every web push
// delivered to a loopback push service (--push of the fans have a browser subscribed).
// npm run bench -w @camatlas/bench -- alerts-fan-out  |  node bench/alerts-fan-out.ts [--url …] [--followers 10000] [--push 1000]
// Creates (and drops first) the database camatlas_alerts_bench on that server.
import { parseArgs } from "node:util";
import {
  browserSubscriptionKeys,
  createCaptureMailer,
  runNextAlertJob,
  startTestPushService,
} from "@camatlas/api";
import { createIngestCache, ingestPoll, openDatabase, runMigrations } from "@camatlas/db";
import { createModel } from "@camatlas/db/factories";
import { seedReferenceData } from "@camatlas/db/seed";
import { CAMSITE_ID } from "@camatlas/shared";
import { sql } from "drizzle-orm";
import pino from "pino";

const { values } = parseArgs({
  options: {
    url: {
      type: "string",
      default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    },
    followers: { type: "string", default: "10000" },
    push: { type: "string", default: "1000" },
  },
});
const FOLLOWERS = Number(values.followers);
const PUSHES = Math.min(FOLLOWERS, Number(values.push));

const admin = await openDatabase({ url: values.url, poolSize: 1 });
await admin.db.execute(sql`drop database if exists camatlas_alerts_bench with (force)`);
await admin.db.execute(sql`create database camatlas_alerts_bench`);
await admin.close();
const benchUrl = new URL(values.url);
benchUrl.pathname = "/camatlas_alerts_bench";
const handle = await openDatabase({ url: benchUrl.toString(), poolSize: 4 });
await runMigrations(handle);
await seedReferenceData(handle.db);
const db = handle.db;

const nickname = "bench_alerts_model";
const model = await createModel(db, {
  name: "Bench Alerts",
  nicknames: [{ camSiteId: CAMSITE_ID.chaturbate, nickname }],
});
await db.execute(sql`
  insert into users (nick_name, email, role_id)
  select 'fan' || g, 'fan' || g || '@bench.invalid', 2 from generate_series(1, ${FOLLOWERS}) g`);
await db.execute(sql`
  insert into model_follows (user_id, model_id) select id, ${model.id} from users where email like '%@bench.invalid'`);
// A tenth of the fans keep quiet hours somewhere in the world, a tenth want e-mail digests.
await db.execute(sql`
  insert into alert_settings (user_id, time_zone, quiet_start_minute, quiet_end_minute, email)
  select id, 'Asia/Tokyo', 0, 480, 'digest' from users where email like '%@bench.invalid' and id % 10 = 0`);
const push = await startTestPushService();
const fans = (await db.execute(
  sql`select id from users where email like '%@bench.invalid' and id % 10 <> 0 order by id limit ${PUSHES}`,
)) as unknown as { rows: { id: number }[] };
for (const fan of fans.rows) {
  const keys = browserSubscriptionKeys();
  await db.execute(sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth)
    values (${fan.id}, ${`${push.origin}/push/${fan.id}`}, ${keys.p256dh}, ${keys.auth})`);
}
const mailer = createCaptureMailer();
const deps = {
  db,
  dataDir: "/tmp/camatlas-alerts-bench",
  publicUrl: "https://camatlas.test",
  productName: "CamAtlas",
  logger: pino({ level: "silent" }),
  mailer,
  allowPrivatePush: true,
  pushExtraCa: push.ca,
};

const cache = createIngestCache();
const at = Math.floor(Date.now() / 1000);
const started = performance.now();
await ingestPoll(
  db,
  {
    camSiteId: CAMSITE_ID.chaturbate,
    observedAt: at,
    complete: true,
    observations: [{ nickname, status: 1 }],
  },
  { maxGapSeconds: 300, cache },
);
const polled = performance.now();
// The worker's first step (claim, fan-out, commit) is timed apart from the pushes that follow it.
let noticesAt = 0;
const counting = {
  ...deps,
  db: new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop !== "transaction") return value;
      return async (...args: unknown[]) => {
        const out = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        noticesAt = performance.now();
        return out;
      };
    },
  }),
};
await runNextAlertJob(counting);
const done = performance.now();
const notices = (await db.execute(
  sql`select count(*)::int as n from notifications where type = 'model_online'`,
)) as unknown as { rows: { n: number }[] };
console.log(`followers: ${FOLLOWERS}, browsers subscribed: ${fans.rows.length}`);
console.log(`poll ingested in ${(polled - started).toFixed(0)} ms`);
console.log(
  `in-site notices: ${notices.rows[0]!.n} written ${((noticesAt || done) - started).toFixed(0)} ms after the poll began`,
);
console.log(
  `web pushes delivered: ${push.received.length} of ${fans.rows.length}, all done ${(done - started).toFixed(0)} ms after the poll began`,
);
await push.close();
await handle.close();
