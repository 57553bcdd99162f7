import { findModelDetail } from "@camatlas/db";
import {
  findCamsiteCoverage,
  findStatsNickname,
  type StatsNicknameRow,
} from "@camatlas/db/queries/stats-read-nickname";
import {
  type Camsite,
  type CamsiteCapability,
  findCamsiteBySlug,
  ROLE,
  STATS_MESSAGES,
} from "@camatlas/shared";
import type { StatsCoverage, StatsVisibility } from "@camatlas/shared/schemas/stats";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { notFound } from "../../lib/http-errors.ts";
import { assertModelVisible } from "../models/service.ts";

export interface LoadedStatsNickname {
  camsite: Camsite;
  nickname: StatsNicknameRow;
  visibility: StatsVisibility;
  coverage: (range?: { from: string; to: string }) => Promise<StatsCoverage>;
}

/**
 * The stats nickname of /stats/{camsite-slug}/{nickname} for this caller: 404 for an unknown camsite or nickname,
 * and her model's page_visible_for and geo/IP blocks decide like on the profile (404, or 401 for guests).
 * The model's stats settings apply to everyone but herself and admins.
 */
export async function loadStatsNickname(
  c: Context<AppEnv>,
  camSiteSlug: string,
  name: string,
  capability?: CamsiteCapability,
): Promise<LoadedStatsNickname> {
  const { db, env } = c.var.deps;
  const camsite = findCamsiteBySlug(camSiteSlug);
  if (!camsite) throw notFound();
  if (capability && !camsite.capabilities[capability]) throw notFound(STATS_MESSAGES.notAvailable);
  const nickname = await findStatsNickname(db, camsite.id, name);
  if (!nickname) throw notFound();
  const user = c.var.user;
  let exempt = user?.roleId === ROLE.admin;
  if (nickname.modelId !== null) {
    const model = await findModelDetail(db, nickname.modelId);
    if (!model) throw notFound();
    await assertModelVisible(c, db, model);
    if (user && model.userId === user.id) exempt = true;
  }
  const m = nickname.model;
  const visibility: StatsVisibility = {
    is_stats_page_last_activity_hidden: m?.isStatsPageLastActivityHidden ?? false,
    is_stats_page_past_nicknames_hidden: m?.isStatsPagePastNicknamesHidden ?? false,
    stats_page_activity_graph_details_status: m?.statsPageActivityGraphDetailsStatus ?? "show_all_data",
    is_stats_page_longest_sessions_hidden: m?.isStatsPageLongestSessionsHidden ?? false,
    applied: !exempt,
  };
  let cached: Awaited<ReturnType<typeof findCamsiteCoverage>> | null = null;
  const coverage = async (range?: { from: string; to: string }): Promise<StatsCoverage> => {
    cached ??= await findCamsiteCoverage(db, camsite.id);
    return {
      tracked_since: cached.trackedSince,
      first_seen_at: nickname.firstSeenAt,
      last_poll_at: cached.lastPollAt,
      poll_interval_seconds: cached.pollIntervalSeconds,
      max_gap_seconds: env.STATS_MAX_GAP,
      history: cached.history
        ? {
            until: cached.history.until,
            poll_interval_seconds: cached.history.pollIntervalSeconds,
            max_gap_seconds: cached.history.maxGapSeconds,
          }
        : null,
      from_date: range?.from ?? null,
      to_date: range?.to ?? null,
    };
  };
  return { camsite, nickname, visibility, coverage };
}

/** The settings as they bind this caller: nothing is hidden from the model herself or admins. */
export function effectiveSettings(visibility: StatsVisibility) {
  const on = visibility.applied;
  return {
    lastActivityHidden: on && visibility.is_stats_page_last_activity_hidden,
    pastNicknamesHidden: on && visibility.is_stats_page_past_nicknames_hidden,
    graph: on ? visibility.stats_page_activity_graph_details_status : ("show_all_data" as const),
    longestSessionsHidden: on && visibility.is_stats_page_longest_sessions_hidden,
  };
}
