import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { type ModelViewer, modelPageVisibleTo } from "./model-visibility.ts";

// A page of model cards' extras in two statements: each visible model's online seconds per UTC weekday × hour over
// recent days (her nicknames' daily rollups summed; the hours are its column sums) and which of them the viewer
// follows.

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface ModelCardFactsRow {
  id: number;
  hoursUtc: number[] | null;
  /** 7 rows (Monday first) of 24 UTC hours; null exactly when hoursUtc is. */
  weekdayHoursUtc: number[][] | null;
  following: boolean;
}

export async function listModelCardFacts(
  db: Database,
  input: { ids: readonly number[]; viewer: ModelViewer; fromDay: string },
): Promise<ModelCardFactsRow[]> {
  const ids = `{${[...new Set(input.ids.map(Number))].join(",")}}`;
  const visible = rowsOf<{ id: number; following: boolean; hidden: boolean }>(
    await db.execute(sql`
      select models.id,
        -- Her stats setting "hide graph" hides when she streams too, except from herself and admins.
        ${
          input.viewer.isAdmin
            ? sql`false`
            : sql`models.stats_page_activity_graph_details_status = 'hide_graph'
              and ${input.viewer.userId === null ? sql`true` : sql`models.user_id is distinct from ${input.viewer.userId}`}`
        } as hidden, ${
          input.viewer.userId === null
            ? sql`false`
            : sql`exists (select 1 from model_follows f where f.model_id = models.id and f.user_id = ${input.viewer.userId})`
        } as following
      from models
      where models.id = any(${ids}::int[]) and ${modelPageVisibleTo(input.viewer)}`),
  );
  if (visible.length === 0) return [];
  const shown = visible.filter((v) => !v.hidden).map((v) => Number(v.id));
  const hours =
    shown.length === 0
      ? []
      : rowsOf<{ model_id: number; weekday: number; hour: number; seconds: number }>(
          await db.execute(sql`
            select n.model_id, extract(isodow from d.day)::int - 1 as weekday, h.hour::int - 1 as hour,
              sum(h.seconds)::int as seconds
            from nicknames n
            join nickname_daily_stats d on d.nickname_id = n.id and d.day >= ${input.fromDay}::date
            cross join lateral unnest(d.hour_histogram) with ordinality as h(seconds, hour)
            where n.model_id = any(${`{${shown.join(",")}}`}::int[]) and n.deleted_at is null and h.seconds > 0
            group by 1, 2, 3`),
        );
  const byModel = new Map<number, number[][]>();
  for (const r of hours) {
    const id = Number(r.model_id);
    const week = byModel.get(id) ?? Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
    const row = week[Number(r.weekday)];
    const hour = Number(r.hour);
    if (row && hour >= 0 && hour < 24) row[hour] = (row[hour] ?? 0) + Number(r.seconds);
    byModel.set(id, week);
  }
  return visible.map((v) => {
    const week = byModel.get(Number(v.id));
    const hoursUtc = Array.from({ length: 24 }, (_, hour) =>
      (week ?? []).reduce((sum, row) => sum + (row[hour] ?? 0), 0),
    );
    const seen = hoursUtc.some((s) => s > 0);
    return {
      id: Number(v.id),
      hoursUtc: seen ? hoursUtc : null,
      weekdayHoursUtc: seen && week ? week : null,
      following: Boolean(v.following),
    };
  });
}
