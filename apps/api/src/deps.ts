import { createHash } from "node:crypto";
import {
  type computeCamSiteCounters,
  type countSiteNumbers,
  type Database,
  type DatabaseHandle,
  defaultIngestCache,
  findActiveUserForAuth,
  type findCamsiteCoverage,
  type listCamSiteMeta,
  type rankSimilarModels,
  type ScoredName,
  type SearchHit,
} from "@camatlas/db";
import type { SiteNavigationReply } from "@camatlas/shared/api-contract";
import type { Logger } from "pino";
import type { ApiDeps } from "./app-env.ts";
import type { ServerEnv } from "./env.ts";
import {
  createLocalInvalidationBus,
  createPostgresInvalidationBus,
  createRedisInvalidationBus,
} from "./lib/cache-invalidation.ts";
import { type CacheRegistry, createCacheRegistry } from "./lib/cache-registry.ts";
import { createFallbackRateLimitStore, createMemoryRateLimitStore } from "./lib/rate-limit-store.ts";
import { createRedisConnection, type RedisConnection } from "./lib/redis-connection.ts";
import { createRedisDenyListWithFallback } from "./lib/redis-deny-list-fallback.ts";
import { createRedisRateLimitStore } from "./lib/redis-rate-limit-store.ts";
import { setSiteClockOffset } from "./lib/site-clock.ts";
import { createDatabaseDenyList } from "./modules/auth/database-deny-list.ts";
import { createTokenService } from "./modules/auth/token-service.ts";
import { createErrorReporter, disabledErrorReporter } from "./modules/error-reporting/reporter.ts";
import { createMailer, defaultMailFrom } from "./modules/mail/mailer.ts";
import { createMediaStorage } from "./modules/media/storage.ts";
import {
  createCatalogSearchIndex,
  noCatalogSearchIndex,
} from "./modules/models/search-index/catalog-search-index.ts";
import type { SharedStatsFigures, StatsNicknameBase } from "./modules/stats/service.ts";

export interface ApiDepsInput {
  db: Database;
  env: ServerEnv;
  logger: Logger;
  clientIpHeader: string;
  internalToken: string;
  /** The database's LISTEN/NOTIFY channel (PostgreSQL): carries cache invalidations between processes without Redis. */
  openChannel?: DatabaseHandle["openChannel"];
}

/** The channel the processes of one site hear each other's writes on (PostgreSQL without Redis). */
export const INVALIDATION_CHANNEL = "camatlas_cache_invalidate";

/** Wires the API's collaborators from the database and the validated env (one place for server and tests). */
export function createApiDeps(input: ApiDepsInput): ApiDeps {
  const { env } = input;
  // A test-only offset of the stories' clock (0 unless a test starts the site with one; refused in production).
  setSiteClockOffset(env.CLOCK_OFFSET_SECONDS);
  // With REDIS_URL, rate limits, the token deny-list and cache invalidations are shared by every instance; while
  // Redis is away each falls back (memory, PostgreSQL, this process) and returns to Redis when it answers (0010).
  const redis = env.REDIS_URL ? createRedisConnection({ url: env.REDIS_URL, logger: input.logger }) : null;
  // Instances of one site (same database) share keys; other sites on the same Redis (tests, staging) do not.
  const site = createHash("sha256")
    .update(env.DATABASE_URL ?? env.DATA_DIR)
    .digest("hex")
    .slice(0, 12);
  const redisPrefix = `camatlas:${site}:`;
  const invalidation = createInvalidationBus(input, redis, `${redisPrefix}cache-invalidate`);
  const searchIndex =
    env.SEARCH_INDEX === "memory"
      ? createCatalogSearchIndex({ db: input.db, logger: input.logger, pollMs: env.SEARCH_INDEX_POLL_MS })
      : noCatalogSearchIndex;
  // After a write here or in another process, the next search reads the change log before answering.
  invalidation.onInvalidate("catalog", () => searchIndex.markStale());
  const cacheRegistry = createCacheRegistry(invalidation);
  const databaseDenyList = createDatabaseDenyList(input.db);
  return {
    ...input,
    redis,
    invalidation,
    cacheRegistry,
    caches: declareCaches(cacheRegistry),
    searchIndex,
    rateLimitStore: redis
      ? createFallbackRateLimitStore(createRedisRateLimitStore(redis, `${redisPrefix}rl:`))
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
      denyList: redis
        ? createRedisDenyListWithFallback({
            connection: redis,
            prefix: `${redisPrefix}deny:`,
            database: databaseDenyList,
            logger: input.logger,
          })
        : databaseDenyList,
    }),
    users: { findForAuth: (id) => findActiveUserForAuth(input.db, id) },
    storage: createMediaStorage(env),
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

/**
 * Redis pub/sub with REDIS_URL; PostgreSQL LISTEN/NOTIFY with DATABASE_URL alone; else this process only (PGlite
 * serves one process).
 */
function createInvalidationBus(input: ApiDepsInput, redis: RedisConnection | null, redisChannel: string) {
  const logger = input.logger;
  if (redis)
    return createRedisInvalidationBus({
      redis: redis.client,
      connection: redis,
      channel: redisChannel,
      logger,
    });
  if (input.openChannel) {
    let failing = false;
    const channel = input.openChannel(INVALIDATION_CHANNEL, (error) => {
      if (failing) return;
      failing = true;
      logger.warn({ err: error }, "listening for cache invalidations (PostgreSQL) failed; retrying");
      setTimeout(() => {
        failing = false;
      }, 60_000).unref();
    });
    return createPostgresInvalidationBus({ channel, logger });
  }
  return createLocalInvalidationBus(logger);
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Every in-memory cache of the API process, each with what it holds, how stale it may be and which writes drop it
 * at once (InvalidationScope: `catalog` is published by every write route unless it declares otherwise, `live` by
 * collector polls). The site's guest page cache declares its own in apps/server (create-site.ts).
 */
export function declareCaches(registry: CacheRegistry) {
  return {
    /** Guests' model profiles and "girls like her" cards, per place. */
    guestModelReads: registry.declare<unknown>("guest-model-reads", {
      ttlMs: 5 * SECOND,
      maxEntries: 2000,
      dropOn: ["catalog", "live"],
    }),
    /** A guest's model list page, serialized, per query and place. */
    guestModelLists: registry.declare<string>("guest-model-lists", {
      ttlMs: 5 * SECOND,
      maxEntries: 500,
      dropOn: ["catalog"],
    }),
    /** Model list totals: counting 300k rows per page view would not do. */
    modelListTotals: registry.declare<number>("model-list-totals", {
      ttlMs: 30 * SECOND,
      maxEntries: 1000,
      dropOn: ["catalog"],
    }),
    /** A typo search's scored names, per query. */
    modelSearches: registry.declare<ScoredName[]>("model-searches", {
      ttlMs: 30 * SECOND,
      maxEntries: 500,
      dropOn: ["catalog"],
    }),
    /** "Girls like her" rankings by tags, camsites, country and age, per model. */
    similarModels: registry.declare<Awaited<ReturnType<typeof rankSimilarModels>>>("similar-models", {
      ttlMs: 10 * MINUTE,
      maxEntries: 2000,
      dropOn: ["catalog"],
    }),
    /** The typeahead's name hits per query (visibility applies per viewer afterwards). */
    typeaheadHits: registry.declare<SearchHit[]>("typeahead-hits", {
      ttlMs: 30 * SECOND,
      maxEntries: 1000,
      dropOn: ["catalog"],
    }),
    /** A guest's typeahead answer, serialized, per query and place. */
    guestTypeaheadAnswers: registry.declare<string>("guest-typeahead-answers", {
      ttlMs: 5 * SECOND,
      maxEntries: 2000,
      dropOn: ["catalog"],
    }),
    /**
     * Live posts per list filter, with the next scheduled publish time seen when counted: an entry is used only
     * before that time (modules/posts/live-post-totals.ts), so a scheduled post counts from its minute on.
     */
    postListTotals: registry.declare<{ total: number; until: Date | null }>("post-list-totals", {
      ttlMs: 30 * SECOND,
      maxEntries: 500,
      dropOn: ["catalog"],
    }),
    /** "{product} in numbers" on the home page: four counts. */
    siteNumbers: registry.declare<Awaited<ReturnType<typeof countSiteNumbers>>>("site-numbers", {
      ttlMs: MINUTE,
      maxEntries: 1,
      dropOn: ["catalog"],
    }),
    /** The shell's page links (header menu and footer): read on every page view, changed by page writes. */
    siteNavigation: registry.declare<SiteNavigationReply>("site-navigation", {
      ttlMs: MINUTE,
      maxEntries: 1,
      dropOn: ["catalog"],
    }),
    /** Camsite meta values, per camsite: read on many pages, changed rarely. */
    camsiteMeta: registry.declare<Awaited<ReturnType<typeof listCamSiteMeta>>>("camsite-meta", {
      ttlMs: 10 * MINUTE,
      maxEntries: 100,
      dropOn: ["catalog"],
    }),
    /**
     * Live counters of every camsite, counted from the nicknames (one grouped scan, ~0.5 s at a million nicknames):
     * past the TTL the old figures are served while a fresh count runs, so no page waits for the scan.
     */
    camsiteCounters: registry.declare<Awaited<ReturnType<typeof computeCamSiteCounters>>>(
      "camsite-counters",
      {
        ttlMs: 10 * MINUTE,
        maxEntries: 1,
        dropOn: [],
        refreshInBackground: true,
      },
    ),
    /** Camsite-wide CamScore average of the latest day, per camsite: the same for every nickname. */
    camsiteCamscoreAverages: registry.declare<{ day: string | null; average: number | null }>(
      "camsite-camscore-averages",
      { ttlMs: MINUTE, maxEntries: 100, dropOn: [] },
    ),
    /** The CamScore of the rank above a nickname's, per camsite, day and rank. */
    nextRankScores: registry.declare<number | null>("next-rank-scores", {
      ttlMs: MINUTE,
      maxEntries: 5000,
      dropOn: [],
    }),
    /** Top lists' rankings by time online, per camsite and range (each viewer's visibility applies afterwards). */
    topRankings: registry.declare<Array<{ nicknameId: number; secondsOnline: number }>>("top-rankings", {
      ttlMs: MINUTE,
      maxEntries: 500,
      dropOn: [],
    }),
    /**
     * Stats pages: her camsite's coverage (tracked since, last poll, poll spacing), per camsite. Its last poll is the
     * key of the two caches below, so they are read again at most 2 s after a poll of any process.
     */
    statsCamsiteCoverage: registry.declare<Awaited<ReturnType<typeof findCamsiteCoverage>>>(
      "stats-camsite-coverage",
      { ttlMs: 2 * SECOND, maxEntries: 100, dropOn: ["live"] },
    ),
    /** Stats pages: a camsite's silences (decision 0043) reaching into a range, per camsite, range and last poll. */
    statsCoverageGaps: registry.declare<Array<{ start: string; end: string }>>("stats-coverage-gaps", {
      ttlMs: 10 * MINUTE,
      maxEntries: 500,
      dropOn: ["live"],
    }),
    /** A stats nickname with her model and its blocks, per camsite, name and last poll (visibility applies per caller). */
    statsNicknames: registry.declare<StatsNicknameBase | null>("stats-nicknames", {
      ttlMs: 10 * MINUTE,
      maxEntries: 5000,
      dropOn: ["catalog", "live"],
    }),
    /**
     * A stats nickname's figures over a range (daily rollups, totals, longest sessions, snapshots…), per nickname,
     * range and last poll: the stats page's reads, once per poll instead of per view. Her settings apply per caller.
     */
    statsFigures: registry.declare<SharedStatsFigures>("stats-figures", {
      ttlMs: 10 * MINUTE,
      maxEntries: 500,
      dropOn: ["catalog", "live"],
    }),
    /**
     * What ingestion remembers between polls (nickname ids, open sessions, the last poll's points and rollups):
     * checked against the rows it stands for on every use, so no event drops it. One per process, shared with the
     * worker's collectors (packages/db/src/stats-ingest/cache.ts).
     */
    ingest: defaultIngestCache,
  };
}

export type ApiCaches = ReturnType<typeof declareCaches>;
