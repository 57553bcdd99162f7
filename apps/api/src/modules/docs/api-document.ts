import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Database } from "@camatlas/db";
import pino from "pino";
import { createApi } from "../../app.ts";
import { createApiDeps } from "../../deps.ts";
import { loadServerEnv } from "../../env.ts";

/**
 * /api/openapi.json as the API answers it, from an in-process API: no server, no database (serving the document reads
 * none), so `npm run lint` can check it anywhere.
 */
export async function readApiDocument(env: Record<string, string> = {}): Promise<unknown> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "camatlas-api-document-"));
  try {
    const deps = createApiDeps({
      // Never queried: the document and the middleware in front of it touch no table.
      db: null as unknown as Database,
      env: loadServerEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env }),
      logger: pino({ level: "silent" }),
      clientIpHeader: "x-api-document-client-ip",
      internalToken: "api-document",
    });
    const response = await createApi(deps, { engine: "none" }).request("/api/openapi.json");
    if (!response.ok) throw new Error(`/api/openapi.json answered ${response.status}`);
    return await response.json();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
