import { readFileSync } from "node:fs";
import {
  type ClaimedAlertJob,
  claimAlertJob,
  fanOutAlert,
  findAlertSubject,
  finishAlertJob,
  pruneAlertJobs,
  takeDueDigests,
} from "@camatlas/db";
import { ALERT_NOTICES, activityStatusName } from "@camatlas/shared";
import type { ServerEnv } from "../../env.ts";
import { createMailer, defaultMailFrom, type Mailer } from "../mail/mailer.ts";
import { alertMail } from "./alert-mail.ts";
import { type PushDeps, sendPushes } from "./push-sender.ts";

// The alert worker: takes status events from the alert_jobs queue (ingest wrote them), decides who hears about them
// in one statement (queries/alerts.ts), then sends web pushes and instant e-mails. Digests go out once a day.

export interface AlertWorkerDeps extends PushDeps {
  mailer: Mailer;
  productName: string;
}

/** Seconds between queue checks when idle: an alert reaches a fan within a few seconds of the poll. */
export const ALERT_QUEUE_CHECK_SECONDS = 2;
/** A digest goes out once its oldest alert is a day old. */
export const ALERT_DIGEST_SECONDS = 24 * 60 * 60;
const MAINTENANCE_EVERY_MS = 10 * 60_000;
const MAIL_CONCURRENCY = 4;

async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** The notice of one event: its text, title and her page. */
async function noticeOf(deps: AlertWorkerDeps, job: ClaimedAlertJob) {
  const subject = await findAlertSubject(deps.db, job.modelId, job.nicknameId);
  if (!subject) return null;
  const url = `/models/${subject.slug}`;
  if (job.kind === "online")
    return {
      title: ALERT_NOTICES.online.title,
      text: ALERT_NOTICES.online.text(subject.name, subject.camSiteName),
      url,
      models: [{ id: job.modelId, name: subject.name, slug: subject.slug }],
    };
  const status = activityStatusName(job.statusId, subject.camSiteId);
  return {
    title: ALERT_NOTICES.showChange.title,
    text: ALERT_NOTICES.showChange.text(subject.name, status, subject.camSiteName),
    url,
    models: [{ id: job.modelId, name: subject.name, slug: subject.slug }],
  };
}

/** Runs one due job; false when none is due. Push and e-mail go out after the fan-out committed (at most once). */
export async function runNextAlertJob(deps: AlertWorkerDeps): Promise<boolean> {
  const job = await claimAlertJob(deps.db);
  if (!job) return false;
  let recipients: Awaited<ReturnType<typeof fanOutAlert>>;
  let notice: Awaited<ReturnType<typeof noticeOf>>;
  try {
    notice = await noticeOf(deps, job);
    recipients = notice ? await deps.db.transaction((tx) => fanOutAlert(tx, job, notice!)) : [];
  } catch (error) {
    await finishAlertJob(deps.db, job, { ok: false, error: String(error) });
    throw error;
  }
  await finishAlertJob(deps.db, job, { ok: true });
  if (!notice || recipients.length === 0) return true;
  const pushTo = recipients.filter((r) => r.push).map((r) => r.userId);
  const mailTo = recipients.filter((r) => r.emailNow);
  await Promise.all([
    sendPushes(deps, pushTo, {
      title: notice.title,
      body: notice.text,
      url: notice.url,
      tag: `model-${job.modelId}`,
    }),
    inParallel(mailTo, MAIL_CONCURRENCY, async (r) => {
      await deps.mailer
        .send(
          alertMail({
            to: r.email,
            productName: deps.productName,
            publicUrl: deps.publicUrl,
            unsubscribeToken: r.unsubscribeToken,
            subject: notice!.text,
            items: [notice!],
          }),
        )
        .catch((error: unknown) => deps.logger.warn({ err: error, user: r.userId }, "alert mail failed"));
    }),
  ]);
  return true;
}

/** Sends the digests that are due; the number sent. */
export async function sendDueDigests(deps: AlertWorkerDeps, olderThanSeconds = ALERT_DIGEST_SECONDS) {
  const due = await takeDueDigests(deps.db, olderThanSeconds);
  await inParallel(due, MAIL_CONCURRENCY, async (digest) => {
    await deps.mailer
      .send(
        alertMail({
          to: digest.email,
          productName: deps.productName,
          publicUrl: deps.publicUrl,
          unsubscribeToken: digest.token,
          subject: `Your alerts: ${digest.items.length} ${digest.items.length === 1 ? "update" : "updates"}`,
          items: digest.items,
        }),
      )
      .catch((error: unknown) => deps.logger.warn({ err: error, user: digest.userId }, "digest mail failed"));
  });
  return due.length;
}

export interface AlertWorker {
  stop(): Promise<void>;
}

export function startAlertWorker(
  deps: AlertWorkerDeps,
  options: { checkSeconds?: number } = {},
): AlertWorker {
  const controller = new AbortController();
  const every = (options.checkSeconds ?? ALERT_QUEUE_CHECK_SECONDS) * 1000;
  let lastMaintenance = 0;
  const loop = (async () => {
    while (!controller.signal.aborted) {
      let worked = false;
      try {
        worked = await runNextAlertJob(deps);
        if (Date.now() - lastMaintenance > MAINTENANCE_EVERY_MS) {
          lastMaintenance = Date.now();
          await sendDueDigests(deps);
          await pruneAlertJobs(deps.db);
        }
      } catch (error) {
        if (controller.signal.aborted) break;
        deps.logger.error({ err: error }, "alert queue check failed");
      }
      if (!worked) await sleep(every, controller.signal);
    }
  })();
  return {
    async stop() {
      controller.abort();
      await loop;
    },
  };
}

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** The worker of a process (`npm start` on the embedded database, `npm run worker`). */
export function startAlertWorkerFromEnv(input: {
  db: AlertWorkerDeps["db"];
  env: Pick<
    ServerEnv,
    "DATA_DIR" | "PUBLIC_URL" | "APP_ENV" | "PRODUCT_NAME" | "PUSH_EXTRA_CA_FILE" | "SMTP_URL" | "MAIL_FROM"
  >;
  logger: AlertWorkerDeps["logger"];
}): AlertWorker {
  const production = input.env.APP_ENV === "production";
  const caFile = production ? undefined : input.env.PUSH_EXTRA_CA_FILE;
  return startAlertWorker({
    db: input.db,
    dataDir: input.env.DATA_DIR,
    publicUrl: input.env.PUBLIC_URL,
    productName: input.env.PRODUCT_NAME,
    logger: input.logger,
    mailer: createMailer({
      smtpUrl: input.env.SMTP_URL,
      dataDir: input.env.DATA_DIR,
      from: input.env.MAIL_FROM ?? defaultMailFrom(input.env.PRODUCT_NAME, input.env.PUBLIC_URL),
      logger: input.logger,
    }),
    allowPrivatePush: !production,
    pushExtraCa: caFile ? readFileSync(caFile, "utf8") : undefined,
  });
}
