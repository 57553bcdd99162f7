import { sql } from "drizzle-orm";
import type { Database } from "../client.ts";
import { imageRecords } from "../schema/stats.ts";
import { insertMedia } from "./media.ts";

// Live snapshots kept as files (the worker fetched the camsite's room image and stored it): a history of images
// in image_records with their media row, rather than the one address the camsite reuses for every picture.

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Of these nicknames of a camsite, those with no kept snapshot since `since` (epoch seconds), with their model. */
export async function nicknamesDueForSnapshot(
  db: Database,
  camSiteId: number,
  nicknames: readonly string[],
  since: number,
): Promise<Array<{ nickname: string; nicknameId: number; modelId: number | null }>> {
  if (nicknames.length === 0) return [];
  const rows = rowsOf<{ nickname: string; id: number; model_id: number | null }>(
    await db.execute(sql`
      select n.nickname, n.id, n.model_id from nicknames n
      where n.cam_site_id = ${camSiteId} and n.deleted_at is null
        and lower(n.nickname) = any(${sql.param(nicknames.map((x) => x.toLowerCase()))}::text[])
        and not exists (select 1 from image_records r where r.nickname_id = n.id and r.type = 'snapshot'
          and r.media_id is not null and r.taken_at > ${new Date(since * 1000).toISOString()})`),
  );
  return rows.map((r) => ({
    nickname: r.nickname,
    nicknameId: Number(r.id),
    modelId: r.model_id === null ? null : Number(r.model_id),
  }));
}

/** Records one kept snapshot: its media row and its image record, together. */
export async function insertKeptSnapshot(
  db: Database,
  snapshot: {
    camSiteId: number;
    nicknameId: number;
    modelId: number | null;
    path: string;
    size: number;
    width: number;
    height: number;
    blurhash: string | null;
    topic: string | null;
    takenAt: number;
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    const media = await insertMedia(tx, {
      kind: "snapshot",
      path: snapshot.path,
      name: "snapshot.webp",
      mimeType: "image/webp",
      size: snapshot.size,
      width: snapshot.width,
      height: snapshot.height,
      blurhash: snapshot.blurhash,
      meta: { type: "image" },
    });
    const [record] = await tx
      .insert(imageRecords)
      .values({
        modelId: snapshot.modelId,
        camSiteId: snapshot.camSiteId,
        nicknameId: snapshot.nicknameId,
        mediaId: media.id,
        type: "snapshot",
        width: snapshot.width,
        height: snapshot.height,
        blurhash: snapshot.blurhash,
        topic: snapshot.topic,
        takenAt: new Date(snapshot.takenAt * 1000),
      })
      .returning({ id: imageRecords.id });
    return record!.id;
  });
}
