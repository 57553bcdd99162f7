import { type ComponentType, type JSX, lazy, Suspense, useState } from "react";

// A section of a page whose code the browser loads only when it is shown (a model page's tabs): its own chunk, so it
// is not part of the page's first-load JavaScript (bench/first-load-js.ts).
//
// The server renders it in full, never a fallback: it loads every section's code when it starts, so even the first
// request's HTML holds the section (pages work without JavaScript, and crawlers read it). In the browser the
// section's Suspense boundary keeps that server HTML on screen until the chunk has arrived and hydrated it, so nothing
// jumps; only a switch to a section not loaded yet shows the (blank, same-spaced) fallback for that moment.

export interface LazySection<P> {
  (props: P): JSX.Element;
  /** Starts loading the section's code (e.g. when the pointer reaches the tabs); harmless when already loaded. */
  preload(): Promise<unknown>;
}

export function lazySection<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: { minHeight?: string } = {},
): LazySection<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  // Once loaded, rendered directly: no Suspense round for a section whose code is already here.
  let Loaded: ComponentType<P> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        Loaded = component;
        return component;
      },
      (error: unknown) => {
        // A failed download (offline a moment) may be tried again by the next render.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  // On the server the code is there from the start: load it now, so no request's render suspends on it.
  if (import.meta.env.SSR) void preload().catch(() => {});
  const fallback = <div aria-busy="true" style={{ minHeight: options.minHeight ?? "8rem" }} />;
  function Section(props: P): JSX.Element {
    // Chosen once per mounted section: switching from `Lazy` to `Loaded` on a later render would be a different
    // component type to React, which would unmount the section and mount it afresh (typed text, picked files and
    // running uploads lost) as soon as anything above it renders again after the chunk arrived.
    const [Component] = useState(() => Loaded ?? Lazy);
    return (
      <Suspense fallback={fallback}>
        <Component {...props} />
      </Suspense>
    );
  }
  Section.preload = preload;
  return Section;
}
