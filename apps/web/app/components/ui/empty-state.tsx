import type { ReactNode } from "react";

/** What a list or section shows when it has nothing (yet): a title, a line of text, maybe an action. */
export function EmptyState({
  title,
  text,
  children,
  className,
}: {
  title: string;
  text?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={`rounded-xl border border-dashed border-line bg-surface px-6 py-10 text-center ${className ?? ""}`}
    >
      <p className="text-lg font-semibold text-ink">{title}</p>
      {text && <p className="mx-auto mt-2 max-w-md text-sm text-ink-muted">{text}</p>}
      {children && <div className="mt-4">{children}</div>}
    </div>
  );
}
