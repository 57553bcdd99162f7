import { type ReactNode, useEffect, useId, useRef } from "react";

// A modal dialog on the native <dialog> element: the browser traps focus, makes the page behind inert, closes it
// on Escape and gives it the dialog role; this adds the title and description links, a close button, closing on
// a click on the backdrop, and an `open` prop the page controls.

/** What the component needs of the element (a real <dialog> in the browser, a stand-in in tests). */
export type DialogElement = Pick<HTMLDialogElement, "open" | "showModal" | "close">;

/** Brings the element in line with `open`: shown as a modal, or closed. */
export function syncDialog(element: DialogElement, open: boolean): void {
  if (open && !element.open) element.showModal();
  else if (!open && element.open) element.close();
}

export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  closeLabel = "Close",
  className,
}: {
  open: boolean;
  /** Called however the dialog was closed (close button, Escape, backdrop); the page then sets `open` false. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** The dialog's actions, e.g. Cancel and Confirm buttons. */
  footer?: ReactNode;
  closeLabel?: string;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;

  useEffect(() => {
    if (ref.current) syncDialog(ref.current, open);
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes a native dialog; the click is for the backdrop only
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className={`m-auto w-full max-w-lg rounded-xl bg-surface p-0 text-ink shadow-2xl backdrop:bg-neutral-950/60 ${className ?? ""}`}
    >
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold text-ink">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => ref.current?.close()}
            className="-m-1 rounded-md p-1 text-ink-faint hover:bg-surface-muted hover:text-ink focus:outline-none focus-visible:ring-2 focus-visible:ring-focus"
          >
            <span aria-hidden="true">✕</span>
            <span className="sr-only">{closeLabel}</span>
          </button>
        </div>
        {description && (
          <p id={descriptionId} className="mt-2 text-sm text-ink-muted">
            {description}
          </p>
        )}
        {children && <div className="mt-4">{children}</div>}
        {footer && <div className="mt-6 flex flex-wrap justify-end gap-2">{footer}</div>}
      </div>
    </dialog>
  );
}
