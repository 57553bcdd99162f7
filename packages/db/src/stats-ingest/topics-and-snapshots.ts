import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { intArray, ts } from "./sql-values.ts";
import type { IngestObservationInput } from "./types.ts";

/**
 * A demo portrait's BlurHash already recorded on another of her snapshots showing the same file (the addresses differ
 * by `?shot=` only): recorded when the file was drawn (demo-portraits.ts), so a snapshot of a drawn file has it at once.
 */
export function knownPortraitBlurhash(modelId: SQL, url: SQL): SQL {
  return sql`case when ${url} like '/media/portraits/%' then (select x.blurhash from image_records x
    where x.model_id = ${modelId} and x.blurhash is not null and x.media_id is null
      and split_part(x.url, '?', 1) = split_part(${url}, '?', 1) limit 1) end`;
}

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
      insert into image_records (model_id, cam_site_id, nickname_id, type, url, taken_at, blurhash)
      select n.model_id, ${camSiteId}, u.id, 'snapshot', u.url, ${ts(t)}, ${knownPortraitBlurhash(sql`n.model_id`, sql`u.url`)}
      from unnest(${intArray(snaps.map((x) => x.id))}, ${sql.param(snaps.map((x) => x.url))}::text[]) as u(id, url)
      join nicknames n on n.id = u.id
      where not exists (select 1 from image_records r where r.nickname_id = u.id and r.url = u.url)`);
}
