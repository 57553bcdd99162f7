import type { Logger } from "pino";

/**
 * Runs work the reply must not wait for (mails, the recovery token of a known address) once the handler has
 * answered: the reply then takes the same time whatever that work is, so nothing about an account can be timed
 * from outside, and a slow or failing mail transport never holds a request. Failures are logged, not thrown.
 */
export function runAfterReply(logger: Logger, what: string, task: () => Promise<unknown>): void {
  setImmediate(() => {
    task().catch((error: unknown) => logger.error({ err: error }, what));
  });
}
