import type { ComponentProps, ReactNode } from "react";
import { cardClass } from "./card.tsx";

/** A data table in a card that scrolls sideways on narrow screens; `caption` names it for screen readers. */
export function Table({
  caption,
  className,
  children,
}: {
  caption?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    // relative: screen-reader-only text in cells is positioned inside the scrolling frame, not against the page
    // (else a wide table's hidden labels widen the whole page on a phone).
    <div className={cardClass({ padding: "none", className: "relative overflow-x-auto" })}>
      <table className={`w-full text-left text-sm ${className ?? ""}`}>
        {caption && <caption className="sr-only">{caption}</caption>}
        {children}
      </table>
    </div>
  );
}

/** The header row group of a <Table>: small capitals on a light band. */
export function TableHead(props: Omit<ComponentProps<"thead">, "className">) {
  return (
    <thead
      {...props}
      className="border-b border-line-soft bg-surface-muted/40 text-xs uppercase tracking-wide text-ink-faint"
    />
  );
}

/** The body row group of a <Table>, rows divided by hairlines. */
export function TableBody(props: Omit<ComponentProps<"tbody">, "className">) {
  return <tbody {...props} className="divide-y divide-line-soft" />;
}
