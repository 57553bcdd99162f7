import type { Database } from "@camatlas/db";
import type { Logger } from "pino";
import type { ApiCaches } from "./deps.ts";
import type { ServerEnv } from "./env.ts";
import type { InvalidationBus } from "./lib/cache-invalidation.ts";
import type { CacheRegistry } from "./lib/cache-registry.ts";
import type { RateLimitStore } from "./lib/rate-limit-store.ts";
import type { RedisConnection } from "./lib/redis-connection.ts";
import type { TokenService } from "./modules/auth/token-service.ts";
import type { ErrorReporter } from "./modules/error-reporting/reporter.ts";
import type { Mailer } from "./modules/mail/mailer.ts";
import type { MediaStorage } from "./modules/media/storage.ts";
import type { CatalogSearchIndex } from "./modules/models/search-index/catalog-search-index.ts";

/** Everything the API needs from the outside world, created once per process (or per test). */
export interface ApiDeps {
  db: Database;
  env: ServerEnv;
  logger: Logger;
  rateLimitStore: RateLimitStore;
  /** The Redis connection with REDIS_URL (shared limits, deny-list, invalidations; each falls back while it is away). */
  redis: RedisConnection | null;
  /**
   * Drops in-memory caches after a write, in this process and (with REDIS_URL) in every other process of the site:
   * `publish(scope)` after a successful write (contractRoute does it), `onInvalidate(scope, fn)` for each cache.
   */
  invalidation: InvalidationBus;
  /** Every in-memory cache of the process, declared with the events that drop it (deps.ts). */
  caches: ApiCaches;
  cacheRegistry: CacheRegistry;
  /** Every model name and nickname in memory, for typo search (kept current through the database's change log). */
  searchIndex: CatalogSearchIndex;
  /** Header the SSR server uses to forward the visitor's IP: `{Product}-Client-Ip`. */
  clientIpHeader: string;
  /** Shared secret proving a request comes from the in-process SSR server. */
  internalToken: string;
  tokens: TokenService;
  /** Outgoing mail: SMTP when SMTP_URL is set, else .eml files under DATA_DIR/mail. */
  mailer: Mailer;
  /** Uploaded files: DATA_DIR/media, or S3-compatible storage when S3_* is set. `publicUrl(path)` = media link. */
  storage: MediaStorage;
  /** Unexpected errors go to Sentry in production when SENTRY_DSN is set; a no-op otherwise. */
  errorReporter: ErrorReporter;
  users: {
    findForAuth: (id: number) => Promise<{
      id: number;
      roleId: number;
      nickName: string;
      blockedAt: Date | null;
      blockedReason: string | null;
      blockedUntil: Date | null;
      sessionVersion: number;
    } | null>;
  };
}

export interface AuthUser {
  id: number;
  roleId: number;
  nickName: string;
  /** Blocked by an admin now: may read and sign out, every other write answers 403. */
  blocked?: boolean;
}

export type AppEnv = {
  Variables: {
    deps: ApiDeps;
    requestId: string;
    logger: Logger;
    clientIp: string;
    user: AuthUser | null;
    /** Why the presented token was refused, for a later 401 (spec §8 messages). */
    authError: string | null;
  };
};
