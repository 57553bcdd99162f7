import { loggableQueryError } from "@camatlas/db";
import { ERROR_REPORTING, ERROR_REPORTING_IGNORED } from "@camatlas/shared";
import type { Logger } from "pino";
import {
  authHeader,
  eventEnvelope,
  newEventId,
  parseDsn,
  parseStack,
  type SentryEvent,
} from "./sentry-envelope.ts";

/** What is known about one error, from the server or forwarded by a browser. */
export interface ErrorReport {
  name: string;
  message: string;
  stack?: string | undefined;
  source: "server" | "browser";
  url?: string | undefined;
  method?: string | undefined;
  userAgent?: string | undefined;
  userId?: number | null | undefined;
  requestId?: string | undefined;
}

export interface ErrorReporter {
  /** True when reports leave the process (production with SENTRY_DSN). */
  readonly enabled: boolean;
  /** Queues a report; false when it was ignored, rate limited or reporting is off. */
  capture(report: ErrorReport): boolean;
  /** Waits until queued reports are sent (tests, shutdown). */
  flush(): Promise<void>;
}

/** Spec §8: these messages are noise from browsers and extensions, never reported. */
export function isIgnoredError(message: string): boolean {
  return ERROR_REPORTING_IGNORED.some((ignored) => message.includes(ignored));
}

/** Turns anything thrown into a report's name, message and stack. */
export function describeError(error: unknown): Pick<ErrorReport, "name" | "message" | "stack"> {
  // A failed statement's message carries its parameters (user input): report the statement, not the values.
  const failedQuery = loggableQueryError(error);
  if (failedQuery) return { name: failedQuery.type, message: failedQuery.message, stack: failedQuery.stack };
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  // Matches what browser SDKs call a thrown non-Error, so the ignore list treats both alike.
  return { name: "Error", message: `Non-Error exception captured: ${String(error)}` };
}

export const disabledErrorReporter: ErrorReporter = {
  enabled: false,
  capture: () => false,
  flush: async () => {},
};

export interface ErrorReporterOptions {
  dsn: string;
  environment: string;
  release?: string | undefined;
  logger?: Logger | undefined;
  fetch?: typeof fetch;
  now?: () => number;
  /** Defaults from spec §9: 60 s between two reports of the same error, 30 queued reports at most. */
  rateLimitMs?: number;
  bufferSize?: number;
}

/**
 * Posts error events to a Sentry DSN as envelopes. A small client of Sentry's ingestion protocol rather than
 * @sentry/node: that SDK installs ~95 MB (OpenTelemetry, a bundler plugin and the Sentry CLI) and instruments
 * every HTTP call of the process globally, while the product only needs to send error events.
 */
export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const dsn = parseDsn(options.dsn);
  const send = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const rateLimitMs = options.rateLimitMs ?? ERROR_REPORTING.rateLimitSeconds * 1000;
  const bufferSize = options.bufferSize ?? ERROR_REPORTING.bufferSize;
  const lastSent = new Map<string, number>();
  const queue: SentryEvent[] = [];
  let draining: Promise<void> | null = null;

  const fingerprint = (report: ErrorReport) => {
    const topFrame = report.stack?.split("\n").find((line) => /:\d+:\d+/.test(line)) ?? "";
    return `${report.source}|${report.name}|${report.message}|${topFrame.trim()}`;
  };

  const drain = async () => {
    while (queue.length > 0) {
      const event = queue.shift()!;
      try {
        const response = await send(dsn.envelopeUrl, {
          method: "POST",
          headers: {
            "content-type": "application/x-sentry-envelope",
            "x-sentry-auth": authHeader(dsn, "camatlas-reporter/1.0"),
          },
          body: eventEnvelope(event, dsn),
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) options.logger?.warn({ status: response.status }, "error report refused");
      } catch (error) {
        // Reporting must never take the process down with it.
        options.logger?.warn({ err: error }, "error report not sent");
      }
    }
  };

  const kick = () => {
    if (draining) return;
    draining = drain().finally(() => {
      draining = null;
      // A report queued while the last send was finishing starts the next round.
      if (queue.length > 0) kick();
    });
  };

  return {
    enabled: true,
    capture(report) {
      if (isIgnoredError(report.message) || isIgnoredError(report.name)) return false;
      const key = fingerprint(report);
      const at = now();
      const previous = lastSent.get(key);
      if (previous !== undefined && at - previous < rateLimitMs) return false;
      lastSent.set(key, at);
      if (lastSent.size > 1000) lastSent.delete(lastSent.keys().next().value as string);

      const frames = parseStack(report.stack);
      queue.push({
        event_id: newEventId(),
        timestamp: at / 1000,
        platform: report.source === "browser" ? "javascript" : "node",
        level: "error",
        environment: options.environment,
        ...(options.release ? { release: options.release } : {}),
        exception: {
          values: [
            {
              type: report.name,
              value: report.message,
              ...(frames.length ? { stacktrace: { frames } } : {}),
            },
          ],
        },
        tags: { source: report.source, ...(report.requestId ? { request_id: report.requestId } : {}) },
        ...(report.url || report.method
          ? {
              request: {
                ...(report.url ? { url: report.url } : {}),
                ...(report.method ? { method: report.method } : {}),
                ...(report.userAgent ? { headers: { "User-Agent": report.userAgent } } : {}),
              },
            }
          : {}),
        ...(report.userId ? { user: { id: String(report.userId) } } : {}),
      });
      // Spec §9 buffer: the oldest waiting reports give way.
      while (queue.length > bufferSize) queue.shift();
      kick();
      return true;
    },
    async flush() {
      while (draining) await draining;
    },
  };
}
