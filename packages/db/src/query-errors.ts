// A failed statement carries its parameters (user input: emails, passwords' hashes, profile text) in the ORM's message
// (`Failed query: … params: …`), in `params`, and in PostgreSQL's `detail` ("Key (email)=(…) already exists") or
// message ('invalid input syntax for type integer: "…"'). Logs and error reports keep which statement failed and
// why (its SQL with placeholders, SQLSTATE, constraint), never the values.

/** What may be told about a failed statement. */
export interface QueryFailure {
  /** Class of the error the database driver raised (e.g. DatabaseError), or the ORM's. */
  type: string;
  /** The statement, with placeholders ($1…) instead of values; cut after QUERY_TEXT_MAX characters. */
  query: string | null;
  /** PostgreSQL's SQLSTATE, e.g. 23505 (unique violation), 22P02 (invalid text representation). */
  code: string | null;
  constraint: string | null;
  table: string | null;
  column: string | null;
}

const QUERY_TEXT_MAX = 500;

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  query?: unknown;
  params?: unknown;
  code?: unknown;
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  cause?: unknown;
  constructor?: { name?: unknown };
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/** An error raised by PostgreSQL (node-postgres or PGlite): a five-character SQLSTATE and a severity. */
function isDatabaseError(error: ErrorLike): boolean {
  return (
    typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === "string"
  );
}

function isOrmQueryError(error: ErrorLike): boolean {
  return typeof error.query === "string" && "params" in error;
}

/** The failed statement an error (or one of its causes) reports, or null when none is a database error. */
export function queryFailureOf(error: unknown): QueryFailure | null {
  let query: string | null = null;
  let found = false;
  let failure: QueryFailure | null = null;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const candidate = current as ErrorLike;
    if (isOrmQueryError(candidate)) {
      found = true;
      query ??= text(candidate.query);
    }
    if (isDatabaseError(candidate)) {
      found = true;
      failure = {
        type: text(candidate.constructor?.name) ?? text(candidate.name) ?? "Error",
        query: null,
        code: text(candidate.code),
        constraint: text(candidate.constraint),
        table: text(candidate.table),
        column: text(candidate.column),
      };
      break;
    }
    current = candidate.cause;
  }
  if (!found) return null;
  const statement = query && query.length > QUERY_TEXT_MAX ? `${query.slice(0, QUERY_TEXT_MAX)}…` : query;
  return failure
    ? { ...failure, query: statement }
    : {
        type: "DrizzleQueryError",
        query: statement,
        code: null,
        constraint: null,
        table: null,
        column: null,
      };
}

/** A failed statement as a log line or an error report may show it. */
export interface LoggableQueryError {
  /** Class of the error that was logged (the outermost). */
  type: string;
  /** "<driver error class>: query failed (SQLSTATE …, constraint)" — no values. */
  message: string;
  /** The frames of the outermost error, under that message (the original first lines repeat the values). */
  stack: string | undefined;
  query: string | null;
  code: string | null;
  constraint: string | null;
  table: string | null;
  column: string | null;
}

/** The loggable form of an error that is (or wraps) a failed statement; null for any other error. */
export function loggableQueryError(error: unknown): LoggableQueryError | null {
  const failure = queryFailureOf(error);
  if (!failure) return null;
  const outer = error as ErrorLike & { stack?: unknown };
  const type = text(outer.constructor?.name) ?? text(outer.name) ?? "Error";
  const reason = failure.code
    ? ` (SQLSTATE ${failure.code}${failure.constraint ? `, ${failure.constraint}` : ""})`
    : "";
  const message = `${failure.type}: query failed${reason}`;
  const frames =
    typeof outer.stack === "string"
      ? outer.stack
          .split("\n")
          .filter((line) => /^\s+at /.test(line))
          .join("\n")
      : "";
  const { type: _driverType, ...where } = failure;
  return { type, message, stack: `${type}: ${message}${frames ? `\n${frames}` : ""}`, ...where };
}
