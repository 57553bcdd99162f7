// Hot queries of a fixed shape run as named prepared statements: each pooled connection parses and plans one once,
// and PostgreSQL may keep a generic plan, instead of parsing and planning it per request (for a search's page of
// models that was about a third of its database time). The name comes from the statement's text, so the same text
// always has the same name, which node-postgres requires; PGlite ignores names. Use it only for texts that do not
// vary with the number of values (lists as one array parameter) and whose plan does not hang on a parameter's value.

/** A prepared statement name for a SQL text: stable across processes, distinct for different texts. */
export function statementName(text: string): string {
  // FNV-1a, 32 bits, plus the length: two texts sharing name and length would need a hash collision.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `q${(hash >>> 0).toString(36)}_${text.length}`;
}

interface PreparableQuery<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
}

/** Runs a query builder as a prepared statement named after its text. */
export function executeNamed<T>(query: PreparableQuery<T>): Promise<T> {
  return query.prepare(statementName(query.toSQL().sql)).execute();
}
