import { useEffect, useState } from "react";

/**
 * False on the server and in the browser's first render, true once React has taken over the page: controls that only
 * work with JavaScript (a picker, a viewer) show or enable themselves from it without a hydration mismatch.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
