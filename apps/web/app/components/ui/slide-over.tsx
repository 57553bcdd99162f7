import { type ReactNode, useEffect, useId, useRef } from "react";
import { useLocation } from "react-router";
import { buttonClass } from "./button.tsx";

// A panel that slides in from the right (site menu on phones, catalog filters): the native popover, so the
// opener works without JavaScript and Escape or a click outside closes it; with JavaScript it also closes when
// the address changes (a link inside was followed). Its look is `.slide-over` in app.css.

export interface SlideOverProps {
  /** The panel's id; the opener (SlideOverButton) names it. */
  id: string;
  /** The panel's heading (names the region for assistive technology). */
  title: string;
  children: ReactNode;
  /** Close when the address changes (a link inside was followed). Off for panels whose controls change the address. */
  closeOnNavigate?: boolean;
  /** From this width on the panel is part of the page (e.g. a sidebar) instead of sliding over it. */
  inlineFrom?: "lg";
}

export function SlideOver({ id, title, children, closeOnNavigate = true, inlineFrom }: SlideOverProps) {
  const panel = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every change of address
  useEffect(() => {
    const node = panel.current;
    if (closeOnNavigate && node?.matches(":popover-open")) node.hidePopover();
  }, [location.pathname, location.search]);

  return (
    <div
      ref={panel}
      id={id}
      popover="auto"
      role="dialog"
      aria-labelledby={headingId}
      className={inlineFrom ? "slide-over slide-over-inline-lg" : "slide-over"}
    >
      <div className="slide-over-head flex items-center justify-between gap-3 border-b border-line-soft px-4 py-3">
        <h2 id={headingId} className="text-base font-semibold text-ink">
          {title}
        </h2>
        <button
          type="button"
          popoverTarget={id}
          popoverTargetAction="hide"
          aria-label="Close"
          className="flex size-9 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M5 5l10 10M15 5 5 15" />
          </svg>
        </button>
      </div>
      <div className="slide-over-body p-4">{children}</div>
    </div>
  );
}

/** Closes the slide-over an element is in (e.g. from a submit button, which cannot carry popovertarget). */
export function closeSlideOver(element: Element): void {
  const node = element.closest("[popover]");
  if (node instanceof HTMLElement && node.matches(":popover-open")) node.hidePopover();
}

/** The button that opens a SlideOver (its look: a secondary button unless `className` says otherwise). */
export function SlideOverButton({
  target,
  children,
  className,
  label,
}: {
  target: string;
  children: ReactNode;
  className?: string;
  /** An accessible name when the visible content is only an icon. */
  label?: string;
}) {
  return (
    <button
      type="button"
      popoverTarget={target}
      aria-label={label}
      className={className ?? buttonClass({ variant: "secondary", size: "sm" })}
    >
      {children}
    </button>
  );
}
