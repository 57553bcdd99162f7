import { createContext, useContext } from "react";

// The nonce of this response's Content-Security-Policy, for inline scripts the app renders itself (React Router's
// own get it from ServerRouter). Set by entry.server; undefined in the browser, where nothing new is rendered inline.
export const CspNonceContext = createContext<string | undefined>(undefined);

/**
 * zod reads its settings from globalThis.__zod_globalConfig. `jitless` before any module runs: its fast path compiles
 * parsers with `new Function`, which the CSP refuses, and its probe for that (when the first object schema is built)
 * is reported as a CSP violation. Only the browser: the server keeps the fast path.
 */
const ZOD_JITLESS =
  "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig||{},{jitless:true});";

/** The head's first script: zod without eval in the browser. */
export function ZodJitlessScript() {
  const nonce = useContext(CspNonceContext);
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, no input
      dangerouslySetInnerHTML={{ __html: ZOD_JITLESS }}
    />
  );
}
