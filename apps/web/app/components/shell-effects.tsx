import { useEffect } from "react";
import { AdblockProbe } from "../lib/adblock/adblock-probe.tsx";
import { installErrorReporting } from "../lib/errors/error-reporting.ts";
import { SnackbarHost } from "../lib/errors/snackbar.tsx";

/** Page-wide pieces of the public shell: the snackbar, the adblock probe and (production) error reporting. */
export function ShellEffects({ appEnv }: { appEnv: string }) {
  useEffect(() => {
    // Outside production the browser's default handler is used (spec §8).
    if (appEnv === "production") return installErrorReporting(window);
  }, [appEnv]);
  return (
    <>
      <SnackbarHost />
      <AdblockProbe />
    </>
  );
}
