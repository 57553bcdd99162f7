import type { HTMLAttributes, ReactNode } from "react";

export type CardPadding = "none" | "sm" | "md" | "lg";

const PADDING: Record<CardPadding, string> = { none: "", sm: "p-4", md: "p-5", lg: "p-5 sm:p-6" };

/**
 * The look of a card (white surface, soft ring, small shadow), for elements that cannot be a <Card>.
 * `interactive`: the whole card is a link (a model tile), lifted and ringed on hover.
 */
export function cardClass({
  padding = "sm",
  interactive = false,
  className,
}: {
  padding?: CardPadding;
  interactive?: boolean;
  className?: string;
} = {}) {
  return [
    "rounded-xl bg-surface shadow-sm ring-1 ring-line-soft",
    interactive ? "transition hover:shadow-md hover:ring-focus" : "",
    PADDING[padding],
    className ?? "",
  ]
    .filter(Boolean)
    .join(" ");
}

type CardProps = HTMLAttributes<HTMLElement> & {
  as?: "div" | "section" | "article" | "li";
  padding?: CardPadding;
};

/** A card: a block of content on the page background. A table in a card takes `padding="none"`. */
export function Card({ as: Element = "div", padding, className, ...rest }: CardProps) {
  return <Element {...rest} className={cardClass({ padding, className })} />;
}

/** A card that is a titled section of a page (`#id` links to it): an <h2>, a lead line, then its content. */
export function CardSection({
  id,
  title,
  lead,
  padding = "lg",
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  lead?: ReactNode;
  padding?: CardPadding;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cardClass({ padding, className: `scroll-mt-6 ${className ?? ""}` })}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {lead && <p className="mt-1 text-sm text-ink-muted">{lead}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
