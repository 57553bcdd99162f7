import { ERROR_REPORTING, ERROR_REPORTING_IGNORED } from "@camatlas/shared";

// Browser error reporting (spec §8, §9): in production, uncaught errors and unhandled rejections go to
// POST /api/client-errors (the server forwards them to the error-reporting service). No SDK in the bundle.

export interface ClientErrorReport {
  message: string;
  stack?: string;
  kind: "error" | "unhandledrejection";
  url: string;
}

export function describeError(reason: unknown): { message: string; stack?: string } {
  if (reason instanceof Error) return { message: `${reason.name}: ${reason.message}`, stack: reason.stack };
  if (typeof reason === "string") return { message: reason };
  // The same wording Sentry uses, so the ignore list below drops it.
  return { message: "Non-Error exception captured" };
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

export type SendReport = (report: ClientErrorReport) => void;

const sendToApi: SendReport = (report) => {
  fetch("/api/client-errors", {
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
  const report = (reason: unknown, kind: ClientErrorReport["kind"]) => {
    const { message, stack } = describeError(reason);
    if (isIgnored(message) || !allow(message, now())) return;
    send({ message, ...(stack ? { stack } : {}), kind, url: target.location.href });
  };
  const onError = (event: ErrorEvent) => report(event.error ?? event.message, "error");
  const onRejection = (event: PromiseRejectionEvent) => report(event.reason, "unhandledrejection");
  target.addEventListener("error", onError as EventListener);
  target.addEventListener("unhandledrejection", onRejection as EventListener);
  return () => {
    target.removeEventListener("error", onError as EventListener);
    target.removeEventListener("unhandledrejection", onRejection as EventListener);
  };
}
