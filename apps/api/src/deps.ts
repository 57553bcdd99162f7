import { type Database, findActiveUserForAuth } from "@camatlas/db";
import type { Logger } from "pino";
import type { ApiDeps } from "./app-env.ts";
import type { ServerEnv } from "./env.ts";
import { createMemoryRateLimitStore } from "./lib/rate-limit-store.ts";
import { createDatabaseDenyList } from "./modules/auth/database-deny-list.ts";
import { createTokenService } from "./modules/auth/token-service.ts";

export interface ApiDepsInput {
  db: Database;
  env: ServerEnv;
  logger: Logger;
  clientIpHeader: string;
  internalToken: string;
}

/** Wires the API's collaborators from the database and the validated env (one place for server and tests). */
export function createApiDeps(input: ApiDepsInput): ApiDeps {
  return {
    ...input,
    rateLimitStore: createMemoryRateLimitStore(),
    tokens: createTokenService({
      secret: input.env.JWT_SECRET,
      ttlSeconds: input.env.JWT_TTL * 60,
      refreshTtlSeconds: input.env.JWT_REFRESH_TTL * 60,
      denyList: createDatabaseDenyList(input.db),
    }),
    users: { findForAuth: (id) => findActiveUserForAuth(input.db, id) },
  };
}
