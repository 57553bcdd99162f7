import type { CollectorState } from "@camatlas/shared/api-contract";

/** How each collector state reads on the health table: its label, what it means, its colours (theme tokens). */
export const COLLECTOR_STATE_VIEW: Record<
  CollectorState,
  { label: string; meaning: string; className: string }
> = {
  ok: { label: "OK", meaning: "last poll stored and complete", className: "bg-success-soft text-success" },
  incomplete: {
    label: "Incomplete",
    meaning: "last poll stored, but it did not list every online model: statuses set, nobody ended",
    className: "bg-warning-soft text-warning",
  },
  waiting: {
    label: "Waiting",
    meaning: "running, nothing to report yet (a socket loading its list)",
    className: "bg-surface-muted text-ink-muted",
  },
  failing: {
    label: "Failing",
    meaning: "its last runs failed; it retries with back-off",
    className: "bg-danger-soft text-danger",
  },
  stalled: {
    label: "Stalled",
    meaning: "no poll stored for five intervals (ten minutes at least); admins were notified",
    className: "bg-danger-soft text-danger",
  },
};

/** "45 s", "12 min", "3 h 5 min" between two instants (a lag or an age). */
export function formatAge(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 90) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 90) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 48) return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  return `${Math.round(hours / 24)} days`;
}

/** Seconds from `iso` to `nowIso` (negative when it lies ahead). */
export function secondsBetween(iso: string, nowIso: string): number {
  return (Date.parse(nowIso) - Date.parse(iso)) / 1000;
}
