import { describeError, type ErrorReporter } from "@camatlas/api";
import type { Logger } from "pino";

/** The part of `process` this needs, so tests can hand in a stand-in. */
export interface ProcessEvents {
  on(event: "unhandledRejection", listener: (reason: unknown) => void): unknown;
  on(event: "uncaughtException", listener: (error: Error) => void): unknown;
  exit(code: number): void;
}

/**
 * Errors outside any request (a job, a timer, a forgotten promise) reach the error reporter too. A stray rejection
 * is logged and reported but does not take the site down; an uncaught exception is reported, then ends the process
 * (its state can no longer be trusted) once the report is sent or after two seconds.
 */
export function reportProcessErrors(proc: ProcessEvents, reporter: ErrorReporter, logger: Logger): void {
  proc.on("unhandledRejection", (reason) => {
    logger.error({ err: reason }, "unhandled promise rejection");
    reporter.capture({ ...describeError(reason), source: "server" });
  });
  proc.on("uncaughtException", (error) => {
    logger.fatal({ err: error }, "uncaught exception");
    reporter.capture({ ...describeError(error), source: "server" });
    const timeout = new Promise((resolve) => setTimeout(resolve, 2_000).unref());
    void Promise.race([reporter.flush(), timeout]).finally(() => proc.exit(1));
  });
}
