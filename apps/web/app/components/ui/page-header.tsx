import type { ReactNode } from "react";

/**
 * The title block of a page: its one <h1>, the way back above it (`crumbs`, e.g. "Models / Luna"), a lead line,
 * and actions on the right (e.g. "New page"). `size="md"` is the smaller title of the admin pages.
 */
export function PageHeader({
  title,
  lead,
  crumbs,
  actions,
  size = "lg",
  className,
}: {
  title: ReactNode;
  lead?: ReactNode;
  crumbs?: ReactNode;
  actions?: ReactNode;
  size?: "md" | "lg";
  className?: string;
}) {
  const heading =
    size === "lg" ? "text-3xl font-bold tracking-tight text-ink" : "text-2xl font-bold text-ink";
  const leadClass = size === "lg" ? "mt-2 max-w-2xl text-ink-muted" : "mt-1 text-sm text-ink-muted";
  const text = (
    <>
      {crumbs && <p className="mb-1 text-sm text-ink-faint">{crumbs}</p>}
      <h1 className={heading}>{title}</h1>
      {lead && <p className={leadClass}>{lead}</p>}
    </>
  );
  if (!actions) return <header className={className}>{text}</header>;
  return (
    <header className={`flex flex-wrap items-end justify-between gap-3 ${className ?? ""}`}>
      <div className="min-w-0">{text}</div>
      <div className="flex flex-wrap items-center gap-2">{actions}</div>
    </header>
  );
}
