import { ERROR_REPORTING, ERROR_REPORTING_IGNORED } from "@camatlas/shared";
import { type ClientErrorRequest, siteEndpoints } from "@camatlas/shared/api-contract";

// Browser error reporting (spec §8, §9): in production, uncaught errors and unhandled rejections go to
// POST /api/client-errors (the server forwards them to the error-reporting service). No SDK in the bundle.

export function describeError(reason: unknown): { name: string; message: string; stack?: string } {
  if (reason instanceof Error)
    return { name: reason.name, message: reason.message || reason.name, stack: reason.stack };
  if (typeof reason === "string" && reason !== "") return { name: "Error", message: reason };
  // The same wording Sentry uses, so the ignore list below drops it.
  return { name: "Error", message: "Non-Error exception captured" };
}

export function isIgnored(message: string): boolean {
  return ERROR_REPORTING_IGNORED.some((ignored) => message.includes(ignored));
}

/**
 * Rate limit: one report of the same message per window (60 s), and at most `bufferSize` (30) reports in any
 * window, so an error loop cannot flood the server.
 */
export function createReportLimiter(
  windowMs: number = ERROR_REPORTING.rateLimitSeconds * 1000,
  maxPerWindow: number = ERROR_REPORTING.bufferSize,
) {
  const lastSent = new Map<string, number>();
  let sentTimes: number[] = [];
  return (message: string, now: number): boolean => {
    sentTimes = sentTimes.filter((time) => now - time < windowMs);
    const last = lastSent.get(message);
    if (last !== undefined && now - last < windowMs) return false;
    if (sentTimes.length >= maxPerWindow) return false;
    lastSent.set(message, now);
    sentTimes.push(now);
    return true;
  };
}

/** Sends one report: the body of POST /api/client-errors. */
export type SendReport = (report: ClientErrorRequest) => void;

const sendToApi: SendReport = (report) => {
  // A plain fetch with keepalive: no session refresh or retry for a report, and it survives the page unloading.
  fetch(`/api${siteEndpoints.reportClientError.path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(report),
    credentials: "same-origin",
    keepalive: true,
  }).catch(() => {});
};

/** Installs the window handlers; returns a function that removes them. */
export function installErrorReporting(
  target: Pick<Window, "addEventListener" | "removeEventListener"> & { location: { href: string } },
  send: SendReport = sendToApi,
  now: () => number = Date.now,
): () => void {
  const allow = createReportLimiter();
  const report = (reason: unknown) => {
    const { name, message, stack } = describeError(reason);
    const key = `${name}: ${message}`;
    if (isIgnored(key) || !allow(key, now())) return;
    send({ name, message, ...(stack ? { stack } : {}), url: target.location.href });
  };
  const onError = (event: ErrorEvent) => report(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => report(event.reason);
  target.addEventListener("error", onError as EventListener);
  target.addEventListener("unhandledrejection", onRejection as EventListener);
  return () => {
    target.removeEventListener("error", onError as EventListener);
    target.removeEventListener("unhandledrejection", onRejection as EventListener);
  };
}
