/**
 * pg_trgm's trigram similarity, computed in the process: the in-process name index scores candidates with the same
 * measure the database search used (`similarity()`), so both rank alike.
 *
 * pg_trgm splits a string into words of letters and digits (anything else separates them), pads each word with two
 * spaces in front and one behind, and takes the distinct three-character runs; similarity is shared / (a + b − shared).
 */

const WORD = /[\p{L}\p{N}]+/gu;

/** The distinct trigrams of a text, as pg_trgm's `show_trgm` would list them (lowercased). */
export function pgTrigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const chars = [" ", " ", ...match[0], " "];
    for (let i = 0; i + 2 < chars.length; i++) out.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return out;
}

/**
 * Similarity of a candidate to a query whose trigrams are known (pgTrigrams of the query), without building a set
 * for the candidate: the query's trigrams are reused for every candidate of one search.
 */
export function pgSimilarityTo(queryTrigrams: ReadonlySet<string>, candidate: string): number {
  const { own, shared } = overlap(queryTrigrams, candidate);
  const union = own + queryTrigrams.size - shared;
  return union === 0 ? 0 : shared / union;
}

function overlap(queryTrigrams: ReadonlySet<string>, candidate: string): { own: number; shared: number } {
  let own = 0;
  let shared = 0;
  // A name's trigrams rarely repeat; the few seen are kept in a short list to count each once.
  const seen: string[] = [];
  for (const match of candidate.toLowerCase().matchAll(WORD)) {
    const chars = [" ", " ", ...match[0], " "];
    for (let i = 0; i + 2 < chars.length; i++) {
      const trigram = chars[i]! + chars[i + 1]! + chars[i + 2]!;
      if (seen.includes(trigram)) continue;
      seen.push(trigram);
      own++;
      if (queryTrigrams.has(trigram)) shared++;
    }
  }
  return { own, shared };
}

/** A query's similarity to one candidate after another; `shared` tells the last candidate's shared trigrams. */
export interface SimilarityMatcher {
  (candidate: string): number;
  /** How many distinct trigrams the query has. */
  readonly size: number;
  /** How many of them the last candidate has. */
  shared: number;
}

/**
 * A query's similarity function for many candidates. ASCII names (nearly all of them) are read as character codes,
 * each trigram one integer, without making strings; anything else goes the general way.
 */
export function pgSimilarityMatcher(query: string): SimilarityMatcher {
  const trigrams = pgTrigrams(query);
  const codes = asciiCodes(trigrams);
  const matcher = Object.assign(
    (candidate: string) => {
      let own = codes ? asciiTrigramCodes(candidate, seen) : -1;
      let shared = 0;
      if (own < 0) ({ own, shared } = overlap(trigrams, candidate));
      else for (let i = 0; i < own; i++) if (codes!.includes(seen[i]!)) shared++;
      matcher.shared = shared;
      const union = own + trigrams.size - shared;
      return union === 0 ? 0 : shared / union;
    },
    { size: trigrams.size, shared: 0 },
  );
  return matcher;
}

/** Scratch space for a candidate's trigram codes (a name has at most 100 characters). */
const seen = new Int32Array(512);
const SPACE = 32;

function asciiCodes(trigrams: ReadonlySet<string>): Int32Array | null {
  const out = new Int32Array(trigrams.size);
  let i = 0;
  for (const trigram of trigrams) {
    const [a, b, c] = [trigram.charCodeAt(0), trigram.charCodeAt(1), trigram.charCodeAt(2)];
    if (trigram.length !== 3 || a > 127 || b > 127 || c > 127) return null;
    out[i++] = trigramCode(a, b, c);
  }
  return out;
}

function trigramCode(a: number, b: number, c: number): number {
  return (a << 14) | (b << 7) | c;
}

/** ASCII letters and digits, lowercased; −1 for anything else (a separator, or −2: not ASCII). */
function wordCode(code: number): number {
  if ((code >= 48 && code <= 57) || (code >= 97 && code <= 122)) return code;
  if (code >= 65 && code <= 90) return code + 32;
  return code < 128 ? -1 : -2;
}

/**
 * Writes the distinct trigram codes of an ASCII name into `out` and returns how many; −1 when the name has a
 * character outside ASCII (the caller then takes the general way).
 */
function asciiTrigramCodes(name: string, out: Int32Array): number {
  let count = 0;
  // The two previous characters of the padded word being read; a word starts with two spaces.
  let a = SPACE;
  let b = SPACE;
  let inWord = false;
  const push = (code: number) => {
    for (let k = 0; k < count; k++) if (out[k] === code) return;
    out[count++] = code;
  };
  for (let i = 0; i <= name.length; i++) {
    const c = i < name.length ? wordCode(name.charCodeAt(i)) : -1;
    if (c === -2) return -1;
    if (c >= 0) {
      push(trigramCode(a, b, c));
      a = b;
      b = c;
      inWord = true;
    } else if (inWord) {
      push(trigramCode(a, b, SPACE));
      a = SPACE;
      b = SPACE;
      inWord = false;
    }
  }
  return count;
}

/** pg_trgm's `similarity(a, b)`. */
export function pgSimilarity(a: string, b: string): number {
  return pgSimilarityTo(pgTrigrams(a), b);
}
