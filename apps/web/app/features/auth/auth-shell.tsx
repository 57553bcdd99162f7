import type { ReactNode } from "react";

/**
 * The frame of the sign-in pages: a centred card over the login background (a settings image, or the built-in
 * gradient when none is set).
 */
export function AuthShell({
  title,
  intro,
  background,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  background?: string | null;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="relative -mx-4 -my-6 flex min-h-[calc(100vh-8rem)] items-start justify-center overflow-hidden px-4 py-10 sm:items-center xl:rounded-2xl">
      <div aria-hidden="true" className="absolute inset-0 -z-10">
        {background ? (
          <>
            <img src={background} alt="" className="h-full w-full object-cover" />
            <div className="absolute inset-0 bg-neutral-950/55" />
          </>
        ) : (
          <div className="h-full w-full bg-gradient-to-br from-brand-700 via-brand-600 to-neutral-900" />
        )}
      </div>
      <section
        aria-labelledby="auth-title"
        className="w-full max-w-md rounded-2xl bg-surface/95 p-6 shadow-overlay ring-1 ring-line-soft backdrop-blur sm:p-8"
      >
        <h1 id="auth-title" className="text-2xl font-bold tracking-tight text-ink">
          {title}
        </h1>
        {intro && <div className="mt-2 text-sm text-ink-muted">{intro}</div>}
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 border-t border-line-soft pt-4 text-sm text-ink-muted">{footer}</div>}
      </section>
    </div>
  );
}
