import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { intArray, ts } from "./sql-values.ts";
import type { IngestObservationInput } from "./types.ts";

/** Room topics (kept when they change, at most once a day each) and live snapshots (once per address). */
export async function recordTopicsAndSnapshots(
  tx: Database,
  camSiteId: number,
  t: number,
  ids: readonly number[],
  observations: readonly IngestObservationInput[],
) {
  const topics = observations.flatMap((o, i) =>
    o.topic?.trim() ? [{ id: ids[i] as number, topic: o.topic.trim() }] : [],
  );
  if (topics.length > 0)
    await tx.execute(sql`
      insert into nickname_topics (nickname_id, topic, observed_at)
      select u.id, u.topic, ${ts(t)} from unnest(${intArray(topics.map((x) => x.id))}, ${sql.param(topics.map((x) => x.topic))}::text[]) as u(id, topic)
      where not exists (select 1 from nickname_topics x where x.nickname_id = u.id and x.topic = u.topic
        and x.observed_at > ${ts(t)} - interval '1 day' and x.observed_at <= ${ts(t)})`);
  const snaps = observations.flatMap((o, i) =>
    o.snapshotUrl ? [{ id: ids[i] as number, url: o.snapshotUrl }] : [],
  );
  if (snaps.length > 0)
    await tx.execute(sql`
      insert into image_records (model_id, cam_site_id, nickname_id, type, url, taken_at)
      select n.model_id, ${camSiteId}, u.id, 'snapshot', u.url, ${ts(t)}
      from unnest(${intArray(snaps.map((x) => x.id))}, ${sql.param(snaps.map((x) => x.url))}::text[]) as u(id, url)
      join nicknames n on n.id = u.id
      where not exists (select 1 from image_records r where r.nickname_id = u.id and r.url = u.url)`);
}
