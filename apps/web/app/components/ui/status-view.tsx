import type { ReactNode } from "react";

/** The body of an error or status page: the big status number, a heading, a line of text and the way on. */
export function StatusView({
  status,
  title,
  text,
  children,
  as: Element = "div",
}: {
  status: number;
  title: ReactNode;
  text?: ReactNode;
  /** Links or buttons under the text. */
  children?: ReactNode;
  /** `main` where no layout wraps it (the root error boundary). */
  as?: "div" | "main";
}) {
  return (
    <Element className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-6xl font-bold text-accent" aria-hidden="true">
        {status}
      </p>
      <h1 className="mt-4 text-2xl font-semibold text-ink">{title}</h1>
      {text && <p className="mt-3 text-ink-muted">{text}</p>}
      {children && <div className="mt-8 flex flex-wrap justify-center gap-4">{children}</div>}
    </Element>
  );
}
