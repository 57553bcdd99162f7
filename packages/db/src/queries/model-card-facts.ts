import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { type ModelViewer, modelPageVisibleTo } from "./model-visibility.ts";

// A page of model cards' extras in two statements: each visible model's online seconds per UTC hour over recent
// days (her nicknames' daily rollups summed) and which of them the viewer follows.

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface ModelCardFactsRow {
  id: number;
  hoursUtc: number[] | null;
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
      : rowsOf<{ model_id: number; hour: number; seconds: number }>(
          await db.execute(sql`
            select n.model_id, h.hour::int - 1 as hour, sum(h.seconds)::int as seconds
            from nicknames n
            join nickname_daily_stats d on d.nickname_id = n.id and d.day >= ${input.fromDay}::date
            cross join lateral unnest(d.hour_histogram) with ordinality as h(seconds, hour)
            where n.model_id = any(${`{${shown.join(",")}}`}::int[]) and n.deleted_at is null
            group by n.model_id, h.hour`),
        );
  const byModel = new Map<number, number[]>();
  for (const r of hours) {
    const id = Number(r.model_id);
    const list = byModel.get(id) ?? new Array<number>(24).fill(0);
    if (r.hour >= 0 && r.hour < 24) list[r.hour] = (list[r.hour] ?? 0) + Number(r.seconds);
    byModel.set(id, list);
  }
  return visible.map((v) => {
    const list = byModel.get(Number(v.id));
    return {
      id: Number(v.id),
      hoursUtc: list?.some((s) => s > 0) ? list : null,
      following: Boolean(v.following),
    };
  });
}
