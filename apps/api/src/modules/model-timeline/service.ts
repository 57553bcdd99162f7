import { listModelTimelineSpans, listTimelineNicknames } from "@camatlas/db";
import { ROLE } from "@camatlas/shared";
import type { ModelTimelineReply } from "@camatlas/shared/api-contract";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";
import { loadVisibleModel } from "../models/service.ts";
import { clip, seconds, timelineRange, timelineTotals, union } from "./timeline-math.ts";

/**
 * Her merged timeline over the viewer's last `days` days: a row per camsite she has a nickname on, online spans by
 * show type, and totals across camsites. The model page's visibility decides who may read it (404, or 401 for
 * guests where signing in would show it); her stats graph setting binds everyone but herself and admins.
 */
export async function loadModelTimeline(
  c: Context<AppEnv>,
  modelId: number,
  query: { days: number; time_zone: string },
  now = Date.now(),
): Promise<ModelTimelineReply> {
  const { db } = c.var.deps;
  const { row } = await loadVisibleModel(c, db, modelId);
  const user = c.var.user;
  const exempt = user?.roleId === ROLE.admin || (user != null && row.userId === user.id);
  const graph = exempt ? "show_all_data" : row.statsPageActivityGraphDetailsStatus;
  const { from, to } = timelineRange(query.days, query.time_zone, now);
  const [nicknames, rows] = await Promise.all([
    listTimelineNicknames(db, modelId),
    listModelTimelineSpans(db, {
      modelId,
      from: new Date(from),
      to: new Date(to),
      mergeStatuses: graph !== "show_all_data",
    }),
  ]);
  const spans = clip(
    rows.map((r) => ({ camSiteId: r.camSiteId, statusId: r.statusId, start: +r.start, end: +r.end })),
    from,
    to,
  );
  const camsites = new Map<number, ModelTimelineReply["camsites"][number]>();
  for (const n of nicknames) {
    const entry = camsites.get(n.camSiteId) ?? {
      cam_site: { id: n.camSiteId, name: n.camSiteName, slug: n.camSiteSlug },
      nicknames: [],
      online_seconds: 0,
      spans: [],
    };
    entry.nicknames.push(n.nickname);
    camsites.set(n.camSiteId, entry);
  }
  for (const [camSiteId, entry] of camsites) {
    const own = spans.filter((s) => s.camSiteId === camSiteId);
    // Two of her nicknames on one camsite at once are still one person online there.
    entry.online_seconds = seconds(union(own));
    entry.spans =
      graph === "hide_graph"
        ? []
        : own.map((s) => ({
            start: new Date(s.start).toISOString(),
            end: new Date(s.end).toISOString(),
            status_id: s.statusId,
          }));
  }
  return {
    time_zone: query.time_zone,
    days: query.days,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    graph,
    // Camsites where she was online in the range first, most time first; the others keep her nicknames' order.
    camsites: [...camsites.values()].sort((a, b) => b.online_seconds - a.online_seconds),
    totals: timelineTotals(spans, query.time_zone),
  };
}
