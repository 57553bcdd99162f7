import { loggableQueryError } from "@camatlas/db";
import pino from "pino";

/**
 * The process's logger. Errors are logged as pino does (class, message with causes, stack, own fields), except a
 * failed SQL statement: its class, SQLSTATE, constraint and statement text only, never its parameters (user input).
 */
export function createLogger(level: string, destination?: pino.DestinationStream): pino.Logger {
  const options: pino.LoggerOptions = { level, base: undefined, serializers: { err: serializeError } };
  return destination ? pino(options, destination) : pino(options);
}

export function serializeError(error: unknown): unknown {
  return loggableQueryError(error) ?? pino.stdSerializers.err(error as Error);
}
