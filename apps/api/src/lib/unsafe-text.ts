// Text no column can hold: PostgreSQL refuses NUL (U+0000) in text and jsonb, and a lone UTF-16 surrogate in jsonb.
// Such input is refused (422 on the field) rather than silently stripped, so what is stored is what was sent.

// With the `u` flag a paired surrogate reads as one astral code point: \p{Cs} matches only the lone ones.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const UNSAFE_CHARACTER = /[\u0000\p{Cs}]/u;

export function hasUnsafeCharacters(text: string): boolean {
  return UNSAFE_CHARACTER.test(text);
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) path.unshift(at.key);
  return path;
}

/**
 * The path of the first string (value or key) holding a character no column can hold, or null. Walks plain objects
 * and arrays without recursion (validated bodies may still nest deeply under `unknown` fields); files, dates and
 * other objects are skipped.
 */
export function findUnsafeText(value: unknown): (string | number)[] | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === "string") {
      if (hasUnsafeCharacters(current)) return pathOf(visit);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--)
        stack.push({ value: current[index], key: index, parent: visit });
    } else if (typeof current === "object" && current !== null && isPlainObject(current)) {
      const entries = Object.entries(current);
      for (const [key] of entries) {
        // The object holding the bad key is named: the key itself is not echoed back.
        if (hasUnsafeCharacters(key)) return pathOf(visit);
      }
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, entry] = entries[index]!;
        stack.push({ value: entry, key, parent: visit });
      }
    }
  }
  return null;
}
