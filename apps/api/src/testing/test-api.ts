import type { DatabaseHandle } from "@camatlas/db";
import { createTestDatabase } from "@camatlas/db/testing";
import pino from "pino";
import { createApi } from "../app.ts";
import type { ApiDeps } from "../app-env.ts";
import { createApiDeps } from "../deps.ts";
import { loadServerEnv } from "../env.ts";
import { createReplyCheck } from "./reply-check.ts";

export interface TestApi {
  api: ReturnType<typeof createApi>;
  database: DatabaseHandle;
  deps: ApiDeps;
  /** Sends a request to the in-process API: `call("GET", "/api/models")`. */
  call: (
    method: string,
    path: string,
    init?: { body?: unknown; headers?: Record<string, string> },
  ) => Promise<Response>;
  close: () => Promise<void>;
}

/** An API wired to its own fresh database, for in-process API tests. */
export async function createTestApi(envOverrides: Record<string, string> = {}): Promise<TestApi> {
  const database = await createTestDatabase();
  const env = loadServerEnv({
    JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
    DATA_DIR: "./data/test",
    LOG_LEVEL: "silent",
    // Tests write to the database directly between calls: the search index reads every change before a search.
    SEARCH_INDEX_POLL_MS: "0",
    ...envOverrides,
  });
  const deps = createApiDeps({
    db: database.db,
    env,
    logger: pino({ level: "silent" }),
    clientIpHeader: "CamAtlas-Client-Ip",
    internalToken: "test-internal-token",
  });
  const api = createApi(deps, { engine: database.engine });
  const checkReply = createReplyCheck(api);
  const call: TestApi["call"] = async (method, path, init = {}) => {
    const headers = new Headers(init.headers);
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
    }
    const request = new Request(`http://localhost${path}`, { method, headers, body });
    const response = await api.fetch(request);
    await checkReply(request, response);
    return response;
  };
  return { api, database, deps, call, close: () => database.close() };
}
