import type { Database } from "@camatlas/db";
import type { ApiDeps } from "../../app-env.ts";

/** A health check waits this long for the database: an unreachable one is `unreachable`, not a hung probe. */
export const DATABASE_PING_TIMEOUT_MS = 2_000;

export interface ServiceStates {
  database: "ok" | "unreachable";
  redis: "ok" | "down" | "off";
}

/** One round trip to the database and one to Redis (when configured), each bounded by a short time-out. */
export async function checkServices(
  deps: Pick<ApiDeps, "db" | "redis">,
  ping: (db: Database) => Promise<boolean>,
  timeoutMs = DATABASE_PING_TIMEOUT_MS,
): Promise<ServiceStates> {
  const [database, redis] = await Promise.all([
    withTimeout(ping(deps.db), timeoutMs).then(
      (ok): ServiceStates["database"] => (ok ? "ok" : "unreachable"),
      (): ServiceStates["database"] => "unreachable",
    ),
    deps.redis ? deps.redis.ping() : Promise.resolve<ServiceStates["redis"]>("off"),
  ]);
  return { database, redis };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
