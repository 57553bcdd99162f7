import type { PostState } from "@camatlas/shared";

const LOOK: Record<PostState, { label: string; className: string }> = {
  draft: { label: "Draft", className: "bg-surface-muted text-ink-muted ring-line" },
  scheduled: { label: "Scheduled", className: "bg-warning-soft text-ink ring-warning/40" },
  published: { label: "Published", className: "bg-success-soft text-ink ring-success/40" },
};

/** Where a post stands, as a small label (text, not colour alone). */
export function PostStateBadge({ state }: { state: PostState }) {
  const look = LOOK[state];
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${look.className}`}>
      {look.label}
    </span>
  );
}
