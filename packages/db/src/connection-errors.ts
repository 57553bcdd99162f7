/**
 * True when a query failed because the database could not be reached or went away (refused, reset, timed out,
 * shutting down), not because of the query: the API answers 503 for these, and the caller may retry later.
 * Looks through the ORM's wrappers (`cause`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof candidate.code === "string" ? candidate.code : "";
    if (NETWORK_CODES.has(code) || CONNECTION_SQLSTATES.has(code) || code.startsWith("08")) return true;
    if (
      typeof candidate.message === "string" &&
      CONNECTION_MESSAGES.some((m) => m.test(candidate.message as string))
    )
      return true;
    current = candidate.cause;
  }
  return false;
}

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections (class 08 is matched by prefix). */
const CONNECTION_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** node-postgres and pg-pool say these without a code. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /^Query read timeout/,
  /Client was closed and is not queryable/,
  /Cannot use a pool after calling end on the pool/,
];
