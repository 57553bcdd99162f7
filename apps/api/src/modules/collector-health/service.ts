import { listCollectorHealth } from "@camatlas/db";
import type { CollectorsSummary } from "@camatlas/shared/api-contract";
import type { ApiDeps } from "../../app-env.ts";
import { presentCollectorHealth, summarizeCollectors } from "./presenter.ts";

const NONE: CollectorsSummary = { total: 0, ok: 0, incomplete: 0, waiting: 0, failing: 0, stalled: 0 };

/** The collectors by state for GET /health; all zero when the database cannot tell (the check reports that). */
export async function collectorsSummaryOf(
  deps: Pick<ApiDeps, "db">,
  databaseOk: boolean,
): Promise<CollectorsSummary> {
  if (!databaseOk) return NONE;
  const now = Date.now();
  try {
    const rows = await listCollectorHealth(deps.db);
    return summarizeCollectors(rows.map((row) => presentCollectorHealth(row, now)));
  } catch {
    return NONE;
  }
}
