import {
  listModelsPage,
  listNicknamesOfModels,
  type ModelViewer,
  type ScoredName,
  searchCommentText,
  searchPostText,
  searchSnapshots,
  searchStatsNicknames,
  searchTopicText,
  searchUserNames,
  searchUserReviewText,
} from "@camatlas/db";
import { CAMSITES, type SearchText } from "@camatlas/shared";
import { SEARCH_COUNT_CAP, type SearchAllReply, type SearchSection } from "@camatlas/shared/api-contract";
import type { ApiDeps } from "../../app-env.ts";
import { siteNow } from "../../lib/site-clock.ts";
import { presentModelCard } from "../models/presenter.ts";
import { closestNames } from "../models/search-index/closest-names.ts";
import { presentStatsCard } from "../stats/presenter.ts";
import {
  commentPlace,
  presentCommentHit,
  presentPostHit,
  presentReviewHit,
  presentSnapshotHit,
  presentTopicHit,
  presentUserHit,
} from "./presenter.ts";

// One section of the search at a time: its page of hits and how many there are in all, with the visibility its
// own pages apply. The search page asks for every section's first page at once; each also pages on its own.

type Sections = Required<SearchAllReply["sections"]>;
export type SectionPage<S extends SearchSection> = Sections[S];

export interface SectionRequest {
  query: SearchText;
  viewer: ModelViewer;
  page: number;
  perPage: number;
  /** The query's closest names, when sections asked together share them (the models and stats sections). */
  closestNames?: () => Promise<ScoredName[]>;
}

const namesOf = (deps: ApiDeps, r: SectionRequest) => r.closestNames?.() ?? closestNames(deps, r.query);

/** Most models a search ranks (as the model list does). */
const MODEL_CAP = 240;

async function modelsSection(deps: ApiDeps, r: SectionRequest): Promise<SectionPage<"models">> {
  const { db } = deps;
  const names = await namesOf(deps, r);
  if (names.length === 0) return { data: [], total: 0, capped: false };
  const found = await listModelsPage(db, {
    ranked: { names, limit: MODEL_CAP },
    viewer: r.viewer,
    page: r.page,
    perPage: r.perPage,
  });
  const nicknames = await listNicknamesOfModels(
    db,
    found.rows.map((row) => row.id),
  );
  return {
    data: found.rows.map((row) => presentModelCard(row, nicknames)),
    total: found.total ?? found.rows.length,
    capped: false,
  };
}

export const SECTION_LOADERS: {
  [S in SearchSection]: (deps: ApiDeps, request: SectionRequest) => Promise<SectionPage<S>>;
} = {
  models: modelsSection,
  async reviews(deps, r) {
    const { rows, total, capped } = await searchUserReviewText(deps.db, r.query, r.viewer, r);
    return { data: rows.map(presentReviewHit), total, capped };
  },
  async posts(deps, r) {
    const { rows, total, capped } = await searchPostText(deps.db, r.query, r);
    return { data: rows.map(presentPostHit), total, capped };
  },
  async comments(deps, r) {
    const { rows, total, capped } = await searchCommentText(deps.db, r.query, r.viewer, r, siteNow());
    return { data: rows.map((row) => presentCommentHit(row, commentPlace(row.thread))), total, capped };
  },
  async users(deps, r) {
    const { rows, total, capped } = await searchUserNames(deps.db, r.query, r);
    return { data: rows.map(presentUserHit), total, capped };
  },
  async stats(deps, r) {
    const { rows, total, capped } = await searchStatsNicknames(deps.db, {
      query: r.query,
      closeNames: (await namesOf(deps, r)).map((n) => n.name),
      countCap: SEARCH_COUNT_CAP,
      viewer: r.viewer,
      page: r.page,
      perPage: r.perPage,
    });
    return { data: rows.map((row) => presentStatsCard(row, deps.storage, r.viewer)), total, capped };
  },
  async snapshots(deps, r) {
    // A camsite named by the query (its name or slug contains it, or it contains theirs) brings its snapshots.
    const q = r.query.replace(/\s+/g, "");
    const camSiteIds = CAMSITES.filter((c) => {
      const name = c.name.toLowerCase().replace(/\s+/g, "");
      return q.length >= 3 && (name.includes(q) || c.slug.includes(q) || q.includes(c.slug));
    }).map((c) => c.id);
    const { rows, total, capped } = await searchSnapshots(deps.db, r.query, camSiteIds, r.viewer, r);
    return { data: rows.map(presentSnapshotHit), total, capped };
  },
  async topics(deps, r) {
    const { rows, total, capped } = await searchTopicText(deps.db, r.query, r.viewer, r);
    return { data: rows.map(presentTopicHit), total, capped };
  },
};

/** closestNames for sections asked together: scored once, when the first of them needs them. */
export function sharedClosestNames(deps: ApiDeps, query: SearchText): () => Promise<ScoredName[]> {
  let names: Promise<ScoredName[]> | undefined;
  return () => {
    names ??= closestNames(deps, query);
    return names;
  };
}

export function loadSection<S extends SearchSection>(
  deps: ApiDeps,
  section: S,
  request: SectionRequest,
): Promise<SectionPage<S>> {
  return SECTION_LOADERS[section](deps, request) as Promise<SectionPage<S>>;
}
