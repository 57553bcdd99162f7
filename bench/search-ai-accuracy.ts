import { isDeepStrictEqual } from "node:util";
import {
  buildVocabulary,
  canonicalFilters,
  EVALUATION_NOW,
  EVALUATION_SET,
  EVALUATION_TAGS,
  emptyFilters,
  parseAiQuery,
} from "@camatlas/shared/ai-search";

// The AI search parser's accuracy on its committed evaluation set: the share of queries whose filters come out
// exactly as expected (target ≥ 95 %), and the time one parse takes. `npm run bench` prints it first; alone:
// npm run search-ai -w @camatlas/bench

export interface AiSearchAccuracy {
  queries: number;
  exact: number;
  accuracy: number;
  misses: string[];
  parseMsMean: number;
}

export function aiSearchAccuracy(): AiSearchAccuracy {
  const vocabulary = buildVocabulary(EVALUATION_TAGS);
  const context = { now: EVALUATION_NOW, timeZone: "UTC" };
  const misses: string[] = [];
  const started = performance.now();
  for (const entry of EVALUATION_SET) {
    const got = parseAiQuery(entry.query, vocabulary, context);
    if (!isDeepStrictEqual(got, canonicalFilters({ ...emptyFilters(), ...entry.expect })))
      misses.push(entry.query);
  }
  const elapsed = performance.now() - started;
  const exact = EVALUATION_SET.length - misses.length;
  return {
    queries: EVALUATION_SET.length,
    exact,
    accuracy: exact / EVALUATION_SET.length,
    misses,
    parseMsMean: elapsed / EVALUATION_SET.length,
  };
}

export function aiSearchAccuracyLine(result: AiSearchAccuracy): string {
  return (
    `AI search parser: ${result.exact}/${result.queries} exact filter sets (${(result.accuracy * 100).toFixed(1)} %, ` +
    `target 95 %), ${result.parseMsMean.toFixed(2)} ms per query` +
    (result.misses.length ? `; missed: ${result.misses.map((q) => `"${q}"`).join(", ")}` : "")
  );
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(aiSearchAccuracyLine(aiSearchAccuracy()));
