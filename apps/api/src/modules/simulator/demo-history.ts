import type { Database, IngestPollInput } from "@camatlas/db";
import { HISTORY_COVERAGE_SETTING, ingestPollSeries, mergeCoverage, upsertSetting } from "@camatlas/db";
import { type DemoSnapshot, seedDemoStatsRecords } from "@camatlas/db/seed";
import { CAMSITE_ID } from "@camatlas/shared";
import { loadDemoNicknames, simulatedPolls } from "./simulator.ts";

export interface DemoHistoryOptions {
  /** Days of history of the few nicknames the stats pages show first (`camSiteIds`, `nicknamesPerCamsite`). */
  days: number;
  /** Seconds between history polls; coarse on purpose, and also the gap allowed between them. */
  stepSeconds?: number;
  camSiteIds?: readonly number[];
  nicknamesPerCamsite?: number;
  /**
   * Days of history of every other demo nickname on every camsite (0: none). The live simulator plays every demo
   * nickname, so without it most pages would show only the minutes since the first start ("3m online on 1 day").
   */
  broadDays?: number;
  /** Ends here (epoch seconds); the live simulator continues from it. */
  until: number;
}

/**
 * Days of history every demo nickname gets by default: two weeks of her habits on every page, written in the
 * background of a first start (about 1,300 demo nicknames; hourly polls keep it to a minute on a busy 2-core machine).
 */
export const DEMO_BROAD_HISTORY_DAYS = 14;
/** Hourly history polls: a demo session lasts 1–6 hours, so her sessions and hours still read true. */
export const DEMO_HISTORY_STEP_SECONDS = 3600;

/**
 * Writes the demo history through the ingestion path: complete polls every `stepSeconds`, for `days` of a few
 * nicknames per stats camsite and for the last `broadDays` of every demo nickname (one series per camsite, so
 * each camsite keeps one poll spacing). Polls where nobody was online and nobody just went offline carry no
 * information and are skipped.
 */
export async function writeDemoHistory(
  db: Database,
  options: DemoHistoryOptions,
): Promise<{ polls: number; seconds: number }> {
  const started = performance.now();
  const step = options.stepSeconds ?? DEMO_HISTORY_STEP_SECONDS;
  const detailed = await loadDemoNicknames(db, {
    camSiteIds: options.camSiteIds ?? [CAMSITE_ID.myFreeCams, CAMSITE_ID.chaturbate, CAMSITE_ID.stripchat],
    limitPerCamsite: options.nicknamesPerCamsite ?? 8,
  });
  const broadDays = Math.min(options.broadDays ?? DEMO_BROAD_HISTORY_DAYS, options.days);
  const everyone = broadDays > 0 ? await loadDemoNicknames(db) : detailed;
  const from = Math.floor((options.until - options.days * 86_400) / step) * step;
  const broadFrom = options.until - broadDays * 86_400;
  const series = new Map<number, IngestPollInput[]>();
  const wasOnline = new Map<number, boolean>();
  const snapshots = new Map<string, DemoSnapshot[]>();
  for (let at = from; at < options.until; at += step) {
    for (const poll of simulatedPolls(at >= broadFrom ? everyone : detailed, at)) {
      for (const o of poll.observations)
        keepSnapshot(snapshots, poll.camSiteId, o.nickname, at, o.snapshotUrl);
      const online = poll.observations.length > 0;
      if (!online && !wasOnline.get(poll.camSiteId)) continue;
      wasOnline.set(poll.camSiteId, online);
      const list = series.get(poll.camSiteId) ?? [];
      list.push(poll);
      series.set(poll.camSiteId, list);
    }
  }
  let polls = 0;
  // One bulk write per camsite (same arithmetic as poll-by-poll ingestion, see ingestPollSeries).
  for (const [camSiteId, list] of series) {
    polls += (await ingestPollSeries(db, camSiteId, list, { maxGapSeconds: step })).polls;
    // The polls where nobody was online were skipped, not missed: the camsite was polled from its first history
    // poll to the end, so its coverage is one span (no false outage at the quiet hours).
    const first = list[0];
    if (first) await mergeCoverage(db, camSiteId, first.observedAt, options.until, step);
    await new Promise((resolve) => setImmediate(resolve));
  }
  // The coverage notes say how this history was polled: every `step` seconds, gaps up to `step` counted.
  const until = new Date(options.until * 1000).toISOString();
  await upsertSetting(db, {
    name: HISTORY_COVERAGE_SETTING,
    value: Object.fromEntries(
      [...series.keys()].map((id) => [id, { until, poll_seconds: step, max_gap_seconds: step }]),
    ),
    isPublic: false,
  });
  // Her last live snapshots, MyFreeCams badges and past nicknames: the tabs a camsite has show something.
  await seedDemoStatsRecords(db, {
    nicknames: everyone,
    snapshots: [...snapshots.values()].flat(),
    now: options.until,
  });
  return { polls, seconds: (performance.now() - started) / 1000 };
}

const SNAPSHOTS_KEPT = 12;

/** Keeps each nickname's last few distinct snapshot addresses of the history (ingestion keeps an address once). */
function keepSnapshot(
  kept: Map<string, DemoSnapshot[]>,
  camSiteId: number,
  nickname: string,
  at: number,
  url: string | null | undefined,
) {
  if (!url) return;
  const key = `${camSiteId}:${nickname}`;
  const list = kept.get(key) ?? [];
  if (list.at(-1)?.url === url) return;
  list.push({ camSiteId, nickname, at, url });
  if (list.length > SNAPSHOTS_KEPT) list.shift();
  kept.set(key, list);
}
