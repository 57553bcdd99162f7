import { SESSION_SECURITY } from "../../lib/contract-route.ts";

// What every operation of the API does because of the middleware in front of all routes (app.ts), added to the
// generated document once instead of declared per route: the per-IP rate limit (429) and the optional session.

type Operation = { security?: unknown[]; responses?: Record<string, unknown> };
type LooseDocument = { paths?: Record<string, Record<string, unknown>>; info: object };

const METHODS = new Set(["get", "put", "post", "delete", "patch", "head", "options", "trace"]);

/** Anyone may call; a session, when sent, is read (a stale one makes a guest: middleware/authenticate.ts). */
export const OPTIONAL_SESSION = [{}, ...SESSION_SECURITY];

export const TOO_MANY_REQUESTS = "Too many requests from this address: the per-IP limit every request passes";

/**
 * The served document: where the site runs (PUBLIC_URL) and its terms, every operation's 429 (reads are limited too,
 * ten times as generously as writes) and, for the public ones, the optional session.
 */
export function completeDocument<D extends { info: object }>(doc: D, publicUrl: string): D {
  const site = publicUrl.replace(/\/+$/, "");
  const operations = Object.values((doc as LooseDocument).paths ?? {}).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([, operation]) => operation as Operation),
  );
  // The shared error body, as the routes that declare a 429 document it.
  const limited = operations.find((op) => op.responses?.["429"])?.responses?.["429"] as
    | { content?: unknown }
    | undefined;
  for (const operation of operations) {
    operation.security ??= OPTIONAL_SESSION;
    operation.responses ??= {};
    operation.responses["429"] ??= {
      description: TOO_MANY_REQUESTS,
      ...(limited?.content ? { content: limited.content } : {}),
    };
  }
  return {
    ...doc,
    servers: [{ url: site, description: "This site (PUBLIC_URL); every path starts with /api" }],
    info: { ...doc.info, license: { name: "Terms of use", url: `${site}/terms` } },
  } as D;
}
