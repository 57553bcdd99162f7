import { PAGE_SIZE } from "@camatlas/shared";
import type { RouterContextProvider } from "react-router";
import type { PageEnvelope } from "../../lib/api-client.ts";
import { apiLoad } from "../../lib/errors/index.ts";
import { apiContext } from "../../lib/load-context.ts";
import { QUEUE_STATUSES, type QueueStatus } from "./moderation-types.ts";

// Loading and deciding the admin moderation queues (revisions, nickname removals, new models, verifications,
// reports): ?status=pending|approved|rejected&page=N, 24 per page (spec §9 revisions).

export function queueParams(request: Request): { status: QueueStatus; page: number } {
  const url = new URL(request.url);
  const status = url.searchParams.get("status") as QueueStatus | null;
  const page = Number(url.searchParams.get("page"));
  return {
    status: status && QUEUE_STATUSES.includes(status) ? status : "pending",
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export async function loadQueue<T>(request: Request, context: Readonly<RouterContextProvider>, path: string) {
  const { status, page } = queueParams(request);
  const result = await apiLoad(
    context
      .get(apiContext)
      .request<PageEnvelope<T>>("GET", path, { status, page, per_page: PAGE_SIZE.revisions }),
  );
  return { status, result };
}

export function queueHref(base: string, status: QueueStatus, page = 1): string {
  const params = new URLSearchParams({ status });
  if (page > 1) params.set("page", String(page));
  return `${base}?${params}`;
}
