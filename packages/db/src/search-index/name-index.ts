import { normalizeSearchText, type SearchText } from "@camatlas/shared";
import {
  byCodeUnits,
  nameScore,
  type RankedModel,
  type ScoredName,
  SEARCH_SIMILARITY_MIN,
  searchHalves,
} from "../queries/model-search.ts";
import { pgSimilarityMatcher, type SimilarityMatcher } from "./pg-trigrams.ts";

/** Names read per candidate branch (as the database search's LIMIT per branch). */
const BRANCH_LIMIT = 300;
/** Candidate names scored per query, closest by trigram similarity first. */
const CANDIDATES_MAX = 1500;
/** Names sharing a trigram with the query that the last-resort similarity scan scores. */
const FALLBACK_SCAN_MAX = 3000;

/** Names and the models bearing them, as parallel arrays (one entry per model_search_names row). */
export interface NamePairs {
  modelIds: ArrayLike<number>;
  names: readonly string[];
}

/**
 * Every searchable name (model names and nicknames, lowercased) in memory, with the models bearing each: what a typo
 * search reads instead of the database. It finds the same candidates the database search did — names starting with the
 * query's first half, names with its first letter ending with its last half, names containing it, and as a last
 * resort names sharing its trigrams — and scores them alike (pg_trgm similarity and edit distance).
 *
 * The bulk is immutable and compact (sorted distinct names, typed arrays); models changed since the build live in a
 * small overlay (`replaceModels`) until the next build.
 */
export class NameIndex {
  /** Distinct names, sorted (code units: names sharing a prefix are neighbours). */
  private readonly terms: string[];
  /** Models of terms[i]: termModels[termStart[i] .. termStart[i + 1]). */
  private readonly termStart: Int32Array;
  private readonly termModels: Int32Array;
  /** First letter + reversed name of every term, sorted, with the term each came from. */
  private readonly endKeys: string[];
  private readonly endTerms: Int32Array;
  /** Terms containing each three-character run (not pg_trgm's padded trigrams: plain substrings, for LIKE '%q%'). */
  private readonly runs: Map<string, Int32Array>;

  /** Models whose names the overlay holds: their entries in the bulk no longer count. */
  private readonly changed = new Set<number>();
  private readonly overlayByModel = new Map<number, string[]>();
  private readonly overlayByName = new Map<string, Set<number>>();
  /** Overlay names the bulk does not have. */
  private readonly extraTerms = new Set<string>();

  private constructor(terms: string[], termStart: Int32Array, termModels: Int32Array) {
    this.terms = terms;
    this.termStart = termStart;
    this.termModels = termModels;
    const order = terms.map((_, i) => i);
    const keys = terms.map(endKey);
    order.sort((a, b) => byCodeUnits(keys[a]!, keys[b]!));
    this.endKeys = order.map((i) => keys[i]!);
    this.endTerms = Int32Array.from(order);
    this.runs = buildRuns(terms);
  }

  /** Builds the index from chunks of (name, model) pairs, e.g. one per range of model ids. */
  static build(chunks: Iterable<NamePairs>): NameIndex {
    const byName = new Map<string, number[]>();
    for (const chunk of chunks) {
      for (let i = 0; i < chunk.names.length; i++) {
        const name = chunk.names[i]!;
        const list = byName.get(name);
        if (list) list.push(chunk.modelIds[i]!);
        else byName.set(name, [chunk.modelIds[i]!]);
      }
    }
    const terms = [...byName.keys()].sort(byCodeUnits);
    const termStart = new Int32Array(terms.length + 1);
    let total = 0;
    for (let i = 0; i < terms.length; i++) {
      termStart[i] = total;
      total += byName.get(terms[i]!)!.length;
    }
    termStart[terms.length] = total;
    const termModels = new Int32Array(total);
    for (let i = 0; i < terms.length; i++) termModels.set(byName.get(terms[i]!)!, termStart[i]!);
    return new NameIndex(terms, termStart, termModels);
  }

  /** Distinct names in the bulk. */
  get termCount(): number {
    return this.terms.length;
  }

  /** Models whose names changed since the build (the overlay; a large one calls for a rebuild). */
  get changedCount(): number {
    return this.changed.size;
  }

  /**
   * The current names of some models (e.g. after a write): their earlier names stop finding them. A model absent
   * from `pairs` has no names any more (deleted).
   */
  replaceModels(modelIds: Iterable<number>, pairs: NamePairs): void {
    for (const id of modelIds) this.dropOverlay(id);
    const next = new Map<number, string[]>();
    for (const id of modelIds) {
      this.changed.add(id);
      next.set(id, []);
    }
    for (let i = 0; i < pairs.names.length; i++) next.get(pairs.modelIds[i]!)?.push(pairs.names[i]!);
    for (const [id, names] of next) {
      this.overlayByModel.set(id, names);
      for (const name of names) {
        const models = this.overlayByName.get(name) ?? new Set<number>();
        models.add(id);
        this.overlayByName.set(name, models);
        if (this.termIndex(name) < 0) this.extraTerms.add(name);
      }
    }
  }

  /** The models bearing a name now. */
  modelsOf(name: string): number[] {
    const out: number[] = [];
    const t = this.termIndex(name);
    if (t >= 0) {
      for (let k = this.termStart[t]!; k < this.termStart[t + 1]!; k++) {
        const id = this.termModels[k]!;
        if (!this.changed.has(id)) out.push(id);
      }
    }
    const extra = this.overlayByName.get(name);
    if (extra) out.push(...extra);
    return out;
  }

  /** scoreText of a search as typed (normalised here). */
  score(query: string, limit: number): ScoredName[] {
    return this.scoreText(normalizeSearchText(query), limit);
  }

  /**
   * Distinct names closest to a normalised search, best first, at most `limit`: the contract of the database's
   * searchTextScores (same candidates, same scores, ties by name).
   */
  scoreText(q: SearchText, limit: number): ScoredName[] {
    if (!q) return [];
    const { prefix, suffix } = searchHalves(q);
    const candidates = new Set<string>();
    this.addPrefixed(prefix, candidates);
    this.addEnding(q[0] ?? "", [...suffix].reverse().join(""), candidates);
    if (q.length >= 3) this.addContaining(q, candidates);
    const similarity = pgSimilarityMatcher(q);
    let scored = this.scoreCandidates(q, similarity, candidates);
    if (scored.length === 0) scored = this.scoreCandidates(q, similarity, this.similarNames(q, similarity));
    return scored
      .filter((c) => c.score >= SEARCH_SIMILARITY_MIN)
      .sort((a, b) => b.score - a.score || byCodeUnits(a.name, b.name))
      .slice(0, limit);
  }

  /** The models bearing scored names, each with her best score, best first (then lower id), at most `limit`. */
  rank(scored: readonly ScoredName[], limit: number): RankedModel[] {
    const best = new Map<number, number>();
    for (const { name, score } of scored) {
      for (const id of this.modelsOf(name)) {
        const known = best.get(id);
        if (known === undefined || score > known) best.set(id, score);
      }
    }
    return [...best]
      .map(([modelId, score]) => ({ modelId, score }))
      .sort((a, b) => b.score - a.score || a.modelId - b.modelId)
      .slice(0, limit);
  }

  /** Trigram similarity filter, then the same scoring as the database search's candidates, in one pass. */
  private scoreCandidates(q: string, similarity: SimilarityMatcher, names: Iterable<string>): ScoredName[] {
    const out: ScoredName[] = [];
    let considered = 0;
    for (const name of names) {
      if (!this.isLive(name)) continue;
      const sim = similarity(name);
      const contains = name.includes(q);
      if (!(sim >= SEARCH_SIMILARITY_MIN || contains || Math.abs(name.length - q.length) <= 2)) continue;
      // The database search scored at most CANDIDATES_MAX names; the branches' limits keep far fewer here.
      if (++considered > CANDIDATES_MAX) break;
      // An edit changes at most 4 of the query's trigrams (a swap of neighbours; 3 otherwise): a name sharing fewer
      // than all but 8 is more than 2 edits away, and edit distance cannot raise its score above its similarity.
      const score = similarity.shared < similarity.size - 8 ? sim : nameScore(q, name, sim);
      out.push({ name, score: contains ? Math.max(score, SEARCH_SIMILARITY_MIN) : score });
    }
    return out;
  }

  private addPrefixed(prefix: string, out: Set<string>): void {
    let taken = 0;
    for (let t = lowerBound(this.terms, prefix); t < this.terms.length && taken < BRANCH_LIMIT; t++) {
      const term = this.terms[t]!;
      if (!term.startsWith(prefix)) break;
      if (this.isLive(term)) {
        out.add(term);
        taken++;
      }
    }
    for (const term of this.extraTerms) if (term.startsWith(prefix)) out.add(term);
  }

  private addEnding(first: string, reversedSuffix: string, out: Set<string>): void {
    const key = first + reversedSuffix;
    let taken = 0;
    for (let k = lowerBound(this.endKeys, key); k < this.endKeys.length && taken < BRANCH_LIMIT; k++) {
      if (!this.endKeys[k]!.startsWith(key)) break;
      const term = this.terms[this.endTerms[k]!]!;
      if (this.isLive(term)) {
        out.add(term);
        taken++;
      }
    }
    const suffix = [...reversedSuffix].reverse().join("");
    for (const term of this.extraTerms) if (term.startsWith(first) && term.endsWith(suffix)) out.add(term);
  }

  private addContaining(q: string, out: Set<string>): void {
    // The rarest three-character run of the query narrows the names to check.
    let rarest: Int32Array | undefined;
    for (let i = 0; i + 3 <= q.length; i++) {
      const postings = this.runs.get(q.slice(i, i + 3));
      if (!postings) {
        rarest = new Int32Array(0);
        break;
      }
      if (!rarest || postings.length < rarest.length) rarest = postings;
    }
    let taken = 0;
    for (const t of rarest ?? []) {
      if (taken >= BRANCH_LIMIT) break;
      const term = this.terms[t]!;
      if (term.includes(q) && this.isLive(term)) {
        out.add(term);
        taken++;
      }
    }
    for (const term of this.extraTerms) if (term.includes(q)) out.add(term);
  }

  /** Per term, how many of the query's runs it holds: similarNames' scratch, zeroed again after each use. */
  private runCounts: Uint8Array | null = null;
  /** The terms similarNames counted, in the order first counted: its scratch too. */
  private touchedTerms: Int32Array | null = null;

  /**
   * Last resort (no name shares an end with the query or contains it): the names sharing most of its runs, most first
   * (in the order first counted among equals). Counted in a typed array and picked by buckets: a run such as "  a" is
   * in a tenth of a million names, and a Map of counts and a sort of every touched name cost ~18 ms a search. Only the
   * names that can be picked are put in buckets (decision 0049: the lowest bucket took every name sharing one run,
   * ~200,000 for two words, of which it keeps a few thousand), and similarity is computed until BRANCH_LIMIT pass.
   */
  private similarNames(q: string, similarity: SimilarityMatcher): string[] {
    // At most SEARCH_TEXT_MAX + 1 runs of a query: a count fits in a byte.
    this.runCounts ??= new Uint8Array(this.terms.length);
    this.touchedTerms ??= new Int32Array(this.terms.length);
    const counts = this.runCounts;
    const touched = this.touchedTerms;
    let touchedCount = 0;
    const padded = `  ${q} `;
    for (let i = 0; i + 3 <= padded.length; i++) {
      const postings = this.runs.get(padded.slice(i, i + 3));
      if (!postings) continue;
      for (let k = 0; k < postings.length; k++) {
        const t = postings[k]!;
        if (counts[t] === 0) touched[touchedCount++] = t;
        counts[t]!++;
      }
    }
    // The lowest count still among the FALLBACK_SCAN_MAX most sharing names.
    const histogram = new Int32Array(256);
    for (let k = 0; k < touchedCount; k++) histogram[counts[touched[k]!]!]!++;
    let floor = 255;
    let above = 0;
    for (; floor > 1 && above + histogram[floor]! < FALLBACK_SCAN_MAX; floor--) above += histogram[floor]!;
    // Every name above the floor is picked, and the first of those at the floor until FALLBACK_SCAN_MAX.
    let atFloor = FALLBACK_SCAN_MAX - above;
    const buckets: number[][] = [];
    for (let k = 0; k < touchedCount; k++) {
      const t = touched[k]!;
      const c = counts[t]!;
      counts[t] = 0;
      if (c < floor || (c === floor && atFloor-- <= 0)) continue;
      const bucket = buckets[c];
      if (bucket) bucket.push(t);
      else buckets[c] = [t];
    }
    const found: string[] = [];
    const keep = (name: string) => {
      if (similarity(name) >= SEARCH_SIMILARITY_MIN) found.push(name);
      return found.length < BRANCH_LIMIT;
    };
    for (let c = buckets.length - 1; c >= floor; c--) {
      for (const t of buckets[c] ?? []) if (!keep(this.terms[t]!)) return found;
    }
    for (const name of this.extraTerms) if (!keep(name)) return found;
    return found;
  }

  /** Whether some model still bears a name of the bulk (a changed model may have dropped it). */
  private isLive(name: string): boolean {
    if (this.changed.size === 0) return true;
    if (this.overlayByName.get(name)?.size) return true;
    const t = this.termIndex(name);
    if (t < 0) return false;
    for (let k = this.termStart[t]!; k < this.termStart[t + 1]!; k++)
      if (!this.changed.has(this.termModels[k]!)) return true;
    return false;
  }

  private termIndex(name: string): number {
    const t = lowerBound(this.terms, name);
    return this.terms[t] === name ? t : -1;
  }

  private dropOverlay(id: number): void {
    for (const name of this.overlayByModel.get(id) ?? []) {
      const models = this.overlayByName.get(name);
      models?.delete(id);
      if (models && models.size === 0) {
        this.overlayByName.delete(name);
        this.extraTerms.delete(name);
      }
    }
    this.overlayByModel.delete(id);
  }
}

function endKey(term: string): string {
  return (term[0] ?? "") + [...term].reverse().join("");
}

/** First position whose value is ≥ `value` in a sorted array. */
function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Postings of every three-character run of the padded names ("  ab", …, "yz "): terms (by index) containing it, in
 * term order. Built in two passes into typed arrays — runs are numbered while counting, and the numbers of every
 * term kept, so the second pass makes no strings: a few million entries for a million names.
 */
function buildRuns(terms: readonly string[]): Map<string, Int32Array> {
  const runIds = new Map<string, number>();
  let counts: Int32Array<ArrayBuffer> = new Int32Array(1 << 16);
  let termRuns: Int32Array<ArrayBuffer> = new Int32Array(terms.length * 12);
  const termRunEnd = new Int32Array(terms.length);
  let used = 0;
  terms.forEach((term, t) => {
    const padded = `  ${term} `;
    const start = used;
    for (let i = 0; i + 3 <= padded.length; i++) {
      const run = padded.slice(i, i + 3);
      let id = runIds.get(run);
      if (id === undefined) {
        id = runIds.size;
        runIds.set(run, id);
        if (id >= counts.length) counts = grow(counts, id + 1);
      }
      // A run repeated within one name counts once.
      let repeated = false;
      for (let k = start; k < used; k++) if (termRuns[k] === id) repeated = true;
      if (repeated) continue;
      if (used >= termRuns.length) termRuns = grow(termRuns, used + 1);
      termRuns[used++] = id;
      counts[id]!++;
    }
    termRunEnd[t] = used;
  });
  const lists = Array.from({ length: runIds.size }, (_, id) => new Int32Array(counts[id]!));
  const filled = new Int32Array(runIds.size);
  let k = 0;
  for (let t = 0; t < terms.length; t++) {
    for (; k < termRunEnd[t]!; k++) {
      const id = termRuns[k]!;
      lists[id]![filled[id]!++] = t;
    }
  }
  const postings = new Map<string, Int32Array>();
  for (const [run, id] of runIds) postings.set(run, lists[id]!);
  return postings;
}

function grow(array: Int32Array, atLeast: number): Int32Array<ArrayBuffer> {
  const next = new Int32Array(Math.max(atLeast, array.length * 2));
  next.set(array);
  return next;
}
