import type { ComponentProps, ReactNode } from "react";
import { cardClass } from "./card.tsx";

/**
 * A data table in a card; `caption` names it for screen readers. On a phone it scrolls sideways inside its frame
 * (`phone="scroll"`), or each row becomes a card of labelled lines (`phone="cards"`: give every <td> a
 * `data-label` with its column's name; app.css `.table-cards`).
 */
export function Table({
  caption,
  className,
  phone = "scroll",
  children,
}: {
  caption?: ReactNode;
  className?: string;
  phone?: "scroll" | "cards";
  children: ReactNode;
}) {
  return (
    // relative: screen-reader-only text in cells is positioned inside the scrolling frame, not against the page
    // (else a wide table's hidden labels widen the whole page on a phone).
    // A frame that scrolls sideways takes keyboard focus, so it can be scrolled without a pointer (axe
    // scrollable-region-focusable); its caption names it.
    <div
      className={cardClass({ padding: "none", className: "relative overflow-x-auto" })}
      {...(phone === "scroll"
        ? { role: "region", tabIndex: 0, "aria-label": typeof caption === "string" ? caption : undefined }
        : {})}
    >
      <table
        className={["w-full text-left text-sm", phone === "cards" && "table-cards", className]
          .filter(Boolean)
          .join(" ")}
      >
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
