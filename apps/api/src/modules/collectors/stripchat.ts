import { ACTIVITY_STATUS_ID, CAMSITE_ID } from "@camatlas/shared";
import { z } from "zod";
import { type CollectedPoll, type Collector, nowSeconds, RenameTracker } from "./collector.ts";
import { type FetchLike, fetchJsonWithRetry, type RetryOptions } from "./http-fetch.ts";
import { readPagedFeed } from "./paged-feed.ts";

// Stripchat has two lists of online models, both paged by limit/offset (fixtures/README.md names the sources):
//   the front API   stripchat.com/api/front/models      {models: [...], filteredCount, ...}
//   the affiliate   go.stripchat.com/api/models        {models: [...], count, total}; at most 400 a page, whatever
//                                                       the limit asked (its documentation says 1000)
// A model is {id, username, status, viewersCount, snapshotUrl | previewUrlThumbSmall, ...}. The per-model reader
// (api/front/v2/models/username/{name}/cam → {user: {user: {id, username, status, isLive}}, cam: {topic}}) answers
// for one nickname: it details a listed status the map below does not know, and follows a renamed model (asked
// under her old name, it answers with her current one). Each model keeps her numeric id for life: the collector
// keeps the last username per id (per process) and reports a new one as a rename.

/** Every status the feeds list → spec activity status. p2p is a cam-to-cam exclusive private, p2pVoice its
 * voice-only twin: both true private. virtualPrivate is a private in VR. */
const STATUS: Record<string, number> = {
  public: ACTIVITY_STATUS_ID.free_chat,
  private: ACTIVITY_STATUS_ID.private,
  virtualPrivate: ACTIVITY_STATUS_ID.private,
  p2p: ACTIVITY_STATUS_ID.true_private,
  p2pVoice: ACTIVITY_STATUS_ID.true_private,
  groupShow: ACTIVITY_STATUS_ID.group,
  idle: ACTIVITY_STATUS_ID.away,
  off: ACTIVITY_STATUS_ID.offline,
};

export function stripchatStatus(status: string | undefined): number | undefined {
  return status === undefined ? undefined : STATUS[status];
}

/** The affiliate list's real page cap. */
export const STRIPCHAT_AFFILIATE_PAGE_CAP = 400;

const modelSchema = z.object({
  id: z.number().int().positive().optional(),
  username: z.string().min(1),
  status: z.string().optional(),
  viewersCount: z.number().int().nonnegative().optional(),
  snapshotUrl: z.string().optional(),
  previewUrlThumbSmall: z.string().optional(),
});
const listSchema = z.object({
  models: z.array(z.unknown()),
  /** The front API's count of models matching the query (all pages). */
  filteredCount: z.number().int().nonnegative().optional(),
  /** The affiliate list's. */
  total: z.number().int().nonnegative().optional(),
});

export interface StripchatPage {
  total: number | null;
  entries: number;
  models: CollectedPoll["observations"];
  /** The model ids of the listed models, by username (models without an id are left out). */
  ids: Map<string, number>;
  /** Listed models whose status the map does not know (they are online in some way: never left out silently). */
  unmapped: Array<{ username: string; status: string | undefined }>;
  skipped: number;
}

const httpUrl = (url: string | undefined) =>
  url?.startsWith("http") ? url : url?.startsWith("//") ? `https:${url}` : null;

export function parseStripchatModels(payload: unknown): StripchatPage {
  const feed = listSchema.parse(payload);
  const page: StripchatPage = {
    total: feed.filteredCount ?? feed.total ?? null,
    entries: feed.models.length,
    models: [],
    ids: new Map(),
    unmapped: [],
    skipped: 0,
  };
  for (const entry of feed.models) {
    const model = modelSchema.safeParse(entry);
    if (!model.success) {
      page.skipped++;
      continue;
    }
    const { username, id } = model.data;
    if (id !== undefined) page.ids.set(username, id);
    const status = stripchatStatus(model.data.status);
    if (status === undefined) {
      page.unmapped.push({ username, status: model.data.status });
      continue;
    }
    page.models.push({
      nickname: username,
      status,
      viewers: model.data.viewersCount ?? null,
      snapshotUrl: httpUrl(model.data.snapshotUrl ?? model.data.previewUrlThumbSmall),
    });
  }
  return page;
}

const camSchema = z.object({
  user: z.object({
    user: z.object({
      id: z.number().int().positive().optional(),
      username: z.string().min(1),
      status: z.string(),
      newUsername: z.string().min(1).optional(),
    }),
  }),
  cam: z.object({ topic: z.string().optional(), viewersCount: z.number().int().optional() }).optional(),
});

export interface StripchatModelStatus {
  observation: CollectedPoll["observations"][number];
  id: number | null;
  /** Her current name when the reply names another than the one asked for. */
  renamedTo: string | null;
}

/** One model's status reply → her observation (status "off" included, so she reads offline from that moment);
 * null when unreadable or the status is still one nobody knows. */
export function parseStripchatModelStatus(payload: unknown, asked?: string): StripchatModelStatus | null {
  const parsed = camSchema.safeParse(payload);
  if (!parsed.success) return null;
  const user = parsed.data.user.user;
  const status = stripchatStatus(user.status);
  if (status === undefined) return null;
  const current = user.newUsername ?? user.username;
  return {
    observation: {
      nickname: current,
      status,
      viewers: parsed.data.cam?.viewersCount ?? null,
      topic: parsed.data.cam?.topic?.trim() || null,
    },
    id: user.id ?? null,
    renamedTo: asked !== undefined && current !== asked ? current : null,
  };
}

export interface StripchatOptions {
  /** The front API's or the affiliate list's URL, with the query the camsite wants (the collector sets limit
   * and offset). */
  feedUrl: string;
  /** The per-model reader; {username} is replaced. */
  statusUrl?: string;
  fetch?: FetchLike;
  pageSize?: number;
  intervalSeconds?: number;
  pacingMs?: number;
  /** Per-model lookups one poll may make for statuses the map does not know. */
  maxStatusLookups?: number;
  retry?: RetryOptions;
}

const DEFAULT_STATUS_URL = "https://stripchat.com/api/front/v2/models/username/{username}/cam";

export function createStripchatCollector(options: StripchatOptions): Collector {
  const fetcher = options.fetch ?? (fetch as unknown as FetchLike);
  const affiliate = /(^|\.)go\.stripchat\.com$/.test(new URL(options.feedUrl).hostname);
  const requested = options.pageSize ?? (affiliate ? STRIPCHAT_AFFILIATE_PAGE_CAP : 100);
  const pageSize = affiliate ? Math.min(requested, STRIPCHAT_AFFILIATE_PAGE_CAP) : requested;
  const statusUrl = options.statusUrl ?? DEFAULT_STATUS_URL;
  const maxLookups = options.maxStatusLookups ?? 20;
  const renames = new RenameTracker<number>();
  return {
    name: "stripchat",
    camSiteId: CAMSITE_ID.stripchat,
    capabilities: {
      wholeSite: true,
      paging: "offset",
      viewers: true,
      topic: false,
      snapshots: true,
      camscore: false,
      renames: true,
      datedChanges: false,
      shows: true,
      keyed: false,
    },
    intervalSeconds: options.intervalSeconds ?? 60,
    async collect(signal) {
      const observedAt = nowSeconds();
      const unmapped: StripchatPage["unmapped"] = [];
      const read = await readPagedFeed({
        pageUrl: ({ offset }) => {
          const url = new URL(options.feedUrl);
          url.searchParams.set("limit", String(pageSize));
          url.searchParams.set("offset", String(offset));
          return url.toString();
        },
        fetcher,
        pageSize,
        signal,
        retry: options.retry,
        pacingMs: options.pacingMs ?? 500,
        parse: (json) => {
          const page = parseStripchatModels(json);
          for (const [username, id] of page.ids) renames.see(id, username, observedAt);
          unmapped.push(...page.unmapped);
          return {
            observations: page.models,
            entries: page.entries,
            skipped: page.skipped,
            total: page.total,
          };
        },
      });
      const observations = read.observations;
      // A listed model with a status nobody mapped is online in some way: ask her own page; if it cannot tell,
      // the poll is incomplete rather than ending her session.
      const unresolved: string[] = [];
      for (const [index, entry] of unmapped.entries()) {
        const url = statusUrl.replace("{username}", encodeURIComponent(entry.username));
        const detail =
          index < maxLookups
            ? await fetchJsonWithRetry(fetcher, url, signal, { ...options.retry, retries: 1 }).then(
                (json) => parseStripchatModelStatus(json, entry.username),
                () => null,
              )
            : null;
        if (!detail) {
          unresolved.push(`${entry.username} (${entry.status ?? "no status"})`);
          continue;
        }
        if (detail.renamedTo !== null)
          renames.renamed(entry.username, detail.renamedTo, observedAt, detail.id ?? undefined);
        else if (detail.id !== null) renames.see(detail.id, detail.observation.nickname, observedAt);
        observations.push(detail.observation);
      }
      const complete = read.complete && unresolved.length === 0;
      return {
        camSiteId: CAMSITE_ID.stripchat,
        observedAt,
        complete,
        incompleteReason: complete
          ? undefined
          : (read.incompleteReason ?? `statuses not understood: ${unresolved.slice(0, 5).join(", ")}`),
        observations,
        renames: renames.take(),
        retryAfterSeconds: read.retryAfterSeconds ?? undefined,
      };
    },
  };
}
