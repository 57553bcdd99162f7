// Which documented paths could a request address resolve to more than one of? Redocly's `no-ambiguous-paths` reads
// the paths alone: `/models/by-slug/{slug}` and `/models/{id}/like-her` both seem to match `/models/by-slug/like-her`.
// But `{id}` is an integer: it never matches `by-slug`. This is the same check, reading what each path parameter
// may be, so the spec's paths (`/models/{id}/like-her`, `/models/bind-many/{userId}`) pass and a real clash fails.

interface ParameterLike {
  name?: string;
  in?: string;
  schema?: { type?: string | string[]; pattern?: string };
}
type PathItemLike = Record<string, unknown> & { parameters?: ParameterLike[] };

interface Segment {
  literal: string | null;
  /** A parameter whose values are digits only (integer schema or a digits pattern). */
  digitsOnly: boolean;
}

const DIGIT_PATTERNS = new Set(["^\\d+$", "^[0-9]+$", "^[1-9][0-9]*$", "^[1-9]\\d*$"]);

function isDigitsOnly(schema: ParameterLike["schema"]): boolean {
  if (!schema) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.every((t) => t === "integer")) return true;
  return DIGIT_PATTERNS.has(schema.pattern ?? "");
}

/** The path parameters of every operation of a path item (and the item's own), by name. */
function parametersOf(item: PathItemLike): ParameterLike[] {
  const operations = Object.values(item).filter(
    (value): value is { parameters?: ParameterLike[] } => typeof value === "object" && value !== null,
  );
  return [...(item.parameters ?? []), ...operations.flatMap((op) => op.parameters ?? [])].filter(
    (p) => p.in === "path",
  );
}

function segmentsOf(path: string, item: PathItemLike): Segment[] {
  const parameters = parametersOf(item);
  return path.split("/").map((part) => {
    const name = /^\{(.+)\}$/.exec(part)?.[1];
    if (name === undefined) return { literal: part, digitsOnly: false };
    const declared = parameters.filter((p) => p.name === name);
    return {
      literal: null,
      digitsOnly: declared.length > 0 && declared.every((p) => isDigitsOnly(p.schema)),
    };
  });
}

function canMatch(a: Segment, b: Segment): boolean {
  if (a.literal !== null && b.literal !== null) return a.literal === b.literal;
  const literal = a.literal ?? b.literal;
  const variable = a.literal === null ? a : b;
  if (literal === null) return true;
  return !variable.digitsOnly || /^\d+$/.test(literal);
}

/**
 * Pairs of paths a request could match both of, where neither is more concrete (same number of parameters, as
 * Redocly compares them: a path with fewer parameters is matched first by the OpenAPI rules).
 */
export function ambiguousPaths(paths: Record<string, PathItemLike>): Array<[string, string]> {
  const parsed = Object.entries(paths).map(([path, item]) => ({ path, segments: segmentsOf(path, item) }));
  const pairs: Array<[string, string]> = [];
  parsed.forEach((a, i) => {
    const variables = a.segments.filter((s) => s.literal === null).length;
    for (const b of parsed.slice(0, i)) {
      if (b.segments.length !== a.segments.length) continue;
      if (b.segments.filter((s) => s.literal === null).length !== variables) continue;
      if (a.segments.every((s, k) => canMatch(s, b.segments[k] as Segment))) pairs.push([b.path, a.path]);
    }
  });
  return pairs;
}
