/**
 * Which unique index a failed write hit (PostgreSQL 23505), looking through the ORM's wrapper; null otherwise.
 * Two requests can pass the "is it taken?" check at once; the index decides, and this turns it into a 422.
 */
export function uniqueViolationOf(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (candidate.code === "23505") {
      if (typeof candidate.constraint === "string") return candidate.constraint;
      const match = typeof candidate.message === "string" ? /"([^"]+)"/.exec(candidate.message) : null;
      return match?.[1] ?? "";
    }
    current = candidate.cause;
  }
  return null;
}

/** PostgreSQL's unique_violation (23505), as node-postgres and PGlite raise it, possibly wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  return uniqueViolationOf(error) !== null;
}
