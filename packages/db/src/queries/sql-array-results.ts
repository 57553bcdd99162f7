// Array columns as the drivers answer them: node-postgres and PGlite both parse int[], bool[] and text[] into arrays,
// and an aggregate over no rows is null. A driver or type without a parser answers the text form ({a,"b c",NULL}),
// read here too, so a setting elsewhere cannot silently turn ids into strings.

/** An array column as strings (null elements kept); null is empty. */
export function textArrayResult(value: unknown): (string | null)[] {
  if (value == null) return [];
  if (Array.isArray(value)) return value.map((v) => (v == null ? null : String(v)));
  if (typeof value === "string") return parseArrayLiteral(value);
  throw new TypeError(`Not an array column: ${typeof value}`);
}

/** An int[] column as numbers (null elements kept). */
export function intArrayResult(value: unknown): (number | null)[] {
  return textArrayResult(value).map((v) => (v == null ? null : Number(v)));
}

/** A bool[] column as booleans. */
export function boolArrayResult(value: unknown): boolean[] {
  if (Array.isArray(value)) return value.map((v) => v === true || v === "t" || v === "true");
  return textArrayResult(value).map((v) => v === "t" || v === "true");
}

/** A one-dimensional array literal: elements split on commas, double-quoted ones unescaped, bare NULL is null. */
export function parseArrayLiteral(text: string): (string | null)[] {
  if (!text.startsWith("{") || !text.endsWith("}"))
    throw new TypeError(`Not an array literal: ${text.slice(0, 40)}`);
  const values: (string | null)[] = [];
  let i = 1;
  const end = text.length - 1;
  while (i < end) {
    if (text[i] === '"') {
      let value = "";
      i++;
      while (i < end && text[i] !== '"') {
        if (text[i] === "\\") i++;
        value += text[i];
        i++;
      }
      values.push(value);
      i++; // the closing quote
    } else {
      let next = text.indexOf(",", i);
      if (next === -1) next = end;
      const raw = text.slice(i, next);
      values.push(raw === "NULL" ? null : raw);
      i = next;
    }
    i++; // the comma (or the closing brace)
  }
  return values;
}
