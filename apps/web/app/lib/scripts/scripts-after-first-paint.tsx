import { useContext } from "react";
import { CspNonceContext } from "../csp/csp-nonce.tsx";
import { LOAD_AFTER_FIRST_PAINT } from "./deferred-scripts.ts";

/** The inline script that starts the page's JavaScript after the first paint; rendered right after <Scripts />. */
export function ScriptsAfterFirstPaint() {
  const nonce = useContext(CspNonceContext);
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, no input
      dangerouslySetInnerHTML={{ __html: LOAD_AFTER_FIRST_PAINT }}
    />
  );
}
