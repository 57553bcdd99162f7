import { createHash } from "node:crypto";
import path from "node:path";
import { type Database, findActiveUserForAuth } from "@camatlas/db";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import type { ApiDeps } from "./app-env.ts";
import type { ServerEnv } from "./env.ts";
import { createLocalInvalidationBus, createRedisInvalidationBus } from "./lib/cache-invalidation.ts";
import { createMemoryRateLimitStore } from "./lib/rate-limit-store.ts";
import { createRedisRateLimitStore } from "./lib/redis-rate-limit-store.ts";
import { createDatabaseDenyList } from "./modules/auth/database-deny-list.ts";
import { createRedisDenyList } from "./modules/auth/redis-deny-list.ts";
import { createTokenService } from "./modules/auth/token-service.ts";
import { createErrorReporter, disabledErrorReporter } from "./modules/error-reporting/reporter.ts";
import { createMailer, defaultMailFrom } from "./modules/mail/mailer.ts";
import { createLocalStorage, createS3Storage } from "./modules/media/storage.ts";
import {
  createCatalogSearchIndex,
  noCatalogSearchIndex,
} from "./modules/models/search-index/catalog-search-index.ts";

export interface ApiDepsInput {
  db: Database;
  env: ServerEnv;
  logger: Logger;
  clientIpHeader: string;
  internalToken: string;
}

/** Wires the API's collaborators from the database and the validated env (one place for server and tests). */
export function createApiDeps(input: ApiDepsInput): ApiDeps {
  const { env } = input;
  // With REDIS_URL, rate limits, the token deny-list and cache invalidations are shared by every instance.
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2 }) : null;
  redis?.on("error", (error) => input.logger.warn({ err: error }, "redis error"));
  // Instances of one site (same database) share keys; other sites on the same Redis (tests, staging) do not.
  const site = createHash("sha256")
    .update(env.DATABASE_URL ?? env.DATA_DIR)
    .digest("hex")
    .slice(0, 12);
  const redisPrefix = `camatlas:${site}:`;
  const invalidation = redis
    ? createRedisInvalidationBus({ redis, channel: `${redisPrefix}cache-invalidate`, logger: input.logger })
    : createLocalInvalidationBus(input.logger);
  const searchIndex =
    env.SEARCH_INDEX === "memory"
      ? createCatalogSearchIndex({ db: input.db, logger: input.logger, pollMs: env.SEARCH_INDEX_POLL_MS })
      : noCatalogSearchIndex;
  // After a write here or in another process, the next search reads the change log before answering.
  invalidation.onInvalidate("model-reads", () => searchIndex.markStale());
  return {
    ...input,
    invalidation,
    searchIndex,
    rateLimitStore: redis
      ? createRedisRateLimitStore(redis, `${redisPrefix}rl:`)
      : createMemoryRateLimitStore(),
    mailer: createMailer({
      smtpUrl: env.SMTP_URL,
      dataDir: env.DATA_DIR,
      from: env.MAIL_FROM ?? defaultMailFrom(env.PRODUCT_NAME, env.PUBLIC_URL),
      logger: input.logger,
    }),
    tokens: createTokenService({
      secret: input.env.JWT_SECRET,
      ttlSeconds: input.env.JWT_TTL * 60,
      refreshTtlSeconds: input.env.JWT_REFRESH_TTL * 60,
      denyList: redis ? createRedisDenyList(redis, `${redisPrefix}deny:`) : createDatabaseDenyList(input.db),
    }),
    users: { findForAuth: (id) => findActiveUserForAuth(input.db, id) },
    storage: env.s3 ? createS3Storage(env.s3) : createLocalStorage(path.join(env.DATA_DIR, "media")),
    errorReporter:
      env.APP_ENV === "production" && env.SENTRY_DSN
        ? createErrorReporter({
            dsn: env.SENTRY_DSN,
            environment: env.APP_ENV,
            release: env.SENTRY_RELEASE,
            logger: input.logger,
          })
        : disabledErrorReporter,
  };
}
