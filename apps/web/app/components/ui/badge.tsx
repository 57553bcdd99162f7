import type { ComponentProps } from "react";

export type BadgeTone = "primary" | "neutral";

const TONES: Record<BadgeTone, string> = {
  primary: "bg-primary text-on-primary",
  neutral: "bg-surface-muted text-ink-muted",
};

/** A small rounded count or label beside a name (unread notifications, items waiting, a tab's count). */
export function Badge({
  tone = "primary",
  className,
  ...span
}: ComponentProps<"span"> & { tone?: BadgeTone }) {
  return (
    <span
      {...span}
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]} ${className ?? ""}`}
    />
  );
}
