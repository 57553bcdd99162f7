import { DECISION_STATUSES, type DecisionStatus, PAGE_SIZE } from "@camatlas/shared";
import type { EndpointInput, moderationEndpoints } from "@camatlas/shared/api-contract";
import { apiLoad } from "../../lib/errors/index.ts";

// Loading and deciding the admin moderation queues (revisions, nickname removals, new models, verifications,
// reports): ?status=pending|approved|rejected&page=N, 24 per page (spec §9 revisions).

export type QueueStatus = DecisionStatus;
export const QUEUE_STATUSES: readonly QueueStatus[] = DECISION_STATUSES;

/** The query every queue takes (status, page, per_page). */
export type QueueQuery = NonNullable<EndpointInput<typeof moderationEndpoints.revisions>["query"]>;

export function queueParams(request: Request): { status: QueueStatus; page: number } {
  const url = new URL(request.url);
  const status = url.searchParams.get("status") as QueueStatus | null;
  const page = Number(url.searchParams.get("page"));
  return {
    status: status && QUEUE_STATUSES.includes(status) ? status : "pending",
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/**
 * One page of a queue, as the page's address asks: `fetch` calls the queue's endpoint with the query, e.g.
 * `(query) => api.call(moderationEndpoints.revisions, {query})`.
 */
export async function loadQueue<T>(request: Request, fetch: (query: QueueQuery) => Promise<T>) {
  const { status, page } = queueParams(request);
  const result = await apiLoad(fetch({ status, page, per_page: PAGE_SIZE.revisions }));
  return { status, result };
}

export function queueHref(base: string, status: QueueStatus, page = 1): string {
  const params = new URLSearchParams({ status });
  if (page > 1) params.set("page", String(page));
  return `${base}?${params}`;
}
