// The API's public surface: package.json exports this file alone. apps/server composes the site from it.
export { type ApiApp, createApi } from "./app.ts";
export type { ApiDeps, AppEnv, AuthUser } from "./app-env.ts";
export { type ApiDepsInput, createApiDeps } from "./deps.ts";
export { EnvError, loadServerEnv, type ServerEnv, startupWarnings } from "./env.ts";
export type { InvalidationBus, InvalidationScope } from "./lib/cache-invalidation.ts";
export { locateIp } from "./lib/geo-lookup.ts";
export { hashPassword, verifyPassword } from "./lib/password.ts";
export { createMemoryRateLimitStore } from "./lib/rate-limit-store.ts";
export {
  type AlertWorker,
  type AlertWorkerDeps,
  runNextAlertJob,
  startAlertWorkerFromEnv,
} from "./modules/alerts/alert-worker.ts";
export {
  browserSubscriptionKeys,
  startTestPushService,
  type TestPushService,
} from "./modules/alerts/test-push-service.ts";
// Camsite feed readers, for the collectors benchmark (bench/collectors-read.ts).
export { createChaturbateCollector } from "./modules/collectors/chaturbate.ts";
export { FCTYPE as MFC_FCTYPE, frameMfc, MfcFrameReader } from "./modules/collectors/myfreecams-protocol.ts";
export { MfcModelTable } from "./modules/collectors/myfreecams-table.ts";
export { createStripchatCollector } from "./modules/collectors/stripchat.ts";
export { describeError, type ErrorReport, type ErrorReporter } from "./modules/error-reporting/reporter.ts";
export { createCaptureMailer } from "./modules/mail/capture-mailer.ts";
export { devMailRoutes } from "./modules/mail/dev-mail-routes.ts";
export { movePrivateMediaOutOfPublicTree } from "./modules/media/service.ts";
export { ipMatches, ipv4ToInt } from "./modules/models/visibility.ts";
// The demo simulator: its schedule (e2e checks the stats pages against it) and its history (bench).
export { writeDemoHistory } from "./modules/simulator/demo-history.ts";
export { simulatedSnapshotUrl, simulatedState } from "./modules/simulator/schedule.ts";
// Video processing: the worker, and the transcode itself for the benchmark (bench/video-transcode.ts).
export { transcodeVideo } from "./modules/video-processing/transcode-video.ts";
export { videoToolsOf } from "./modules/video-processing/video-tools.ts";
export { startVideoWorkerFromEnv, type VideoWorker } from "./modules/video-processing/video-worker.ts";
export { type StatsWorker, startStatsWorker } from "./modules/worker/stats-worker.ts";
