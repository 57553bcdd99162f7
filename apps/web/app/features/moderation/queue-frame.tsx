import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { controlClass } from "../../components/ui/field-frame.tsx";
import { NavPill } from "../../components/ui/nav-pill.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { QUEUE_STATUSES, type QueueStatus, queueHref } from "./queue.ts";

const STATUS_LABELS: Record<QueueStatus, string> = {
  pending: "Waiting",
  approved: "Approved",
  rejected: "Rejected",
};

/** Title, status tabs, the items, and the pager of one moderation queue. */
export function QueueFrame({
  title,
  lead,
  base,
  status,
  total,
  currentPage,
  lastPage,
  statusLabels = STATUS_LABELS,
  children,
}: {
  title: string;
  lead?: string;
  base: string;
  status: QueueStatus;
  total: number;
  currentPage: number;
  lastPage: number;
  statusLabels?: Record<QueueStatus, string>;
  children: ReactNode;
}) {
  return (
    <div className="space-y-5">
      <PageHeader size="md" title={title} lead={lead} />
      <nav aria-label="Status" className="flex flex-wrap items-center gap-1">
        {QUEUE_STATUSES.map((s) => (
          <NavPill key={s} to={queueHref(base, s)} active={s === status}>
            {statusLabels[s]}
          </NavPill>
        ))}
        <span className="ml-auto text-sm text-ink-faint">
          {total} {total === 1 ? "item" : "items"}
        </span>
      </nav>
      {total === 0 ? (
        <EmptyState title={`Nothing here${status === "pending" ? " — the queue is empty" : ""}.`} />
      ) : (
        <ul className="space-y-3">{children}</ul>
      )}
      <Pagination
        current={currentPage}
        last={lastPage}
        href={(page) => queueHref(base, status, page)}
        label={`${title} pages`}
      />
    </div>
  );
}

export function QueueItem({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Card as="li" aria-label={label}>
      {children}
    </Card>
  );
}

/** Approve / reject buttons with an optional note; only the decisions the reply allows are shown. */
export function DecisionForm({
  id,
  can,
  approveLabel = "Approve",
  rejectLabel = "Reject",
  withNote = true,
}: {
  id: number;
  can: { approve: boolean; reject: boolean };
  approveLabel?: string;
  rejectLabel?: string;
  withNote?: boolean;
}) {
  if (!can.approve && !can.reject) return null;
  return (
    <Form method="post" preventScrollReset className="mt-3 flex flex-wrap items-end gap-2">
      <input type="hidden" name="id" value={id} />
      {withNote && (
        <label className="min-w-48 flex-1 text-xs text-ink-muted">
          Note (optional)
          <input name="note" maxLength={2000} className={controlClass({ size: "sm", className: "mt-1" })} />
        </label>
      )}
      {can.approve && (
        <Button type="submit" name="intent" value="approve" variant="positive" size="sm">
          {approveLabel}
        </Button>
      )}
      {can.reject && (
        <Button type="submit" name="intent" value="reject" variant="danger" size="sm">
          {rejectLabel}
        </Button>
      )}
    </Form>
  );
}

export function StatusPill({ status }: { status: string }) {
  const tone =
    status === "approved"
      ? "bg-success-soft text-success ring-success/30"
      : status === "rejected"
        ? "bg-primary-soft text-accent ring-accent/25"
        : "bg-warning-soft text-warning ring-warning/30";
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${tone}`}>{status}</span>;
}
