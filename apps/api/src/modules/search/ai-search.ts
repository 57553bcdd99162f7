import {
  listLatestSnapshotsOfModels,
  listModelCardsByIds,
  listTags,
  type ModelViewer,
  searchModelsByFilters,
  searchTextScores,
} from "@camatlas/db";
import {
  blurPlaceholder,
  PAGE_SIZE,
  SEARCH_TEXT_MAX,
  type SearchText,
  toPageEnvelope,
} from "@camatlas/shared";
import {
  buildVocabulary,
  filterChips,
  hasAnyFilter,
  parseAiQuery,
  utcOffsetHours,
  type Vocabulary,
  type VocabularyTag,
  windowHoursUtc,
} from "@camatlas/shared/ai-search";
import type { AiSearchReply } from "@camatlas/shared/api-contract";
import type { ApiDeps } from "../../app-env.ts";
import { presentModelCard } from "../models/presenter.ts";

// The AI search (decision 0032): the words read by the in-process parser over the catalog's vocabulary (its tags
// as they are now), the filters run as SQL, and the page's models with their latest snapshots.

/** Most names the text words are scored against (as the model list's search). */
const TEXT_NAMES_CAP = 200;

let cachedVocabulary: { key: string; tags: VocabularyTag[]; vocabulary: Vocabulary } | null = null;

/** The vocabulary over the current tags, rebuilt when they change (a few hundred rows; building takes ~1 ms). */
async function currentVocabulary(deps: ApiDeps) {
  const tags = (await listTags(deps.db)).map((t) => ({ slug: t.slug, name: t.name }));
  const key = tags.map((t) => `${t.slug}=${t.name}`).join("|");
  if (cachedVocabulary?.key !== key) cachedVocabulary = { key, tags, vocabulary: buildVocabulary(tags) };
  return cachedVocabulary;
}

export async function aiSearch(
  deps: ApiDeps,
  input: { query: string; page: number; perPage: number; timeZone: string | undefined; viewer: ModelViewer },
  now = new Date(),
): Promise<AiSearchReply> {
  const { tags, vocabulary } = await currentVocabulary(deps);
  const filters = parseAiQuery(input.query, vocabulary, { now, timeZone: input.timeZone });
  const chips = filterChips(filters, tags, vocabulary);
  const base = { query: input.query, filters, chips };
  if (!hasAnyFilter(filters)) return { ...base, ...toPageEnvelope([], 0, input.page, input.perPage) };
  const usualHoursUtc = filters.usually_online
    ? windowHoursUtc(filters.usually_online, utcOffsetHours(input.timeZone, now))
    : null;
  const text = filters.text.join(" ").slice(0, SEARCH_TEXT_MAX) as SearchText;
  const index = text ? await deps.searchIndex.current() : null;
  const textNames = text
    ? index
      ? index.names.scoreText(text, TEXT_NAMES_CAP)
      : await searchTextScores(deps.db, text, TEXT_NAMES_CAP)
    : null;
  const { ids, total } = await searchModelsByFilters(deps.db, filters, {
    textNames,
    viewer: input.viewer,
    page: input.page,
    perPage: input.perPage,
    usualHoursUtc,
  });
  const [{ rows, nicknames }, snapshots] = await Promise.all([
    listModelCardsByIds(deps.db, ids, input.viewer),
    listLatestSnapshotsOfModels(deps.db, ids, PAGE_SIZE.aiSearchSnapshots),
  ]);
  const data = rows.map((row) => ({
    ...presentModelCard(row, nicknames),
    snapshots: snapshots
      .filter((s) => s.modelId === row.id)
      .map((s) => ({
        id: s.id,
        url: s.mediaPath ? `/media/${s.mediaPath}` : s.url,
        taken_at: s.takenAt,
        placeholder: blurPlaceholder(s.blurhash),
      })),
  }));
  return { ...base, ...toPageEnvelope(data, total, input.page, input.perPage) };
}
