import { type Database, insertKeptSnapshot, nicknamesDueForSnapshot } from "@camatlas/db";
import { ACTIVITY_STATUS_ID, IMAGE_UPLOAD_MAX_BYTES } from "@camatlas/shared";
import type { Logger } from "pino";
import { safeFetch } from "../../lib/safe-fetch.ts";
import type { CollectedPoll } from "../collectors/collector.ts";
import { sleep } from "../collectors/http-fetch.ts";
import { processImage } from "../media/image-processing.ts";
import { newMediaKey } from "../media/service.ts";
import type { MediaStorage } from "../media/storage.ts";

// Keeps a history of live snapshots: the camsite reuses one image address per room (Chaturbate's roomimg), so the
// image is fetched and stored as our own file, a new one at most every `everySeconds` per room. The camsite's image
// host is asked politely: a few images per poll, one after another, paced. Only rooms in free chat (what a visitor
// sees; a private room's image is a placeholder).

export interface SnapshotKeeperOptions {
  db: Database;
  storage: MediaStorage;
  logger: Pick<Logger, "warn" | "debug">;
  /** Seconds between two kept images of one room. */
  everySeconds?: number;
  /** Images fetched per poll at most. */
  perPoll?: number;
  /** Milliseconds between two image requests. */
  pacingMs?: number;
  /** Fetches an image's bytes (the SSRF-guarded fetch by default). */
  fetchImage?: (url: string) => Promise<Uint8Array>;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Longest side of a kept snapshot. */
export const SNAPSHOT_MAX_DIMENSION = 640;

export function createSnapshotKeeper(options: SnapshotKeeperOptions) {
  const every = options.everySeconds ?? 900;
  const perPoll = options.perPoll ?? 10;
  const pacingMs = options.pacingMs ?? 1000;
  const wait = options.sleep ?? sleep;
  const fetchImage =
    options.fetchImage ??
    (async (url: string) => (await safeFetch(url, { maxBytes: IMAGE_UPLOAD_MAX_BYTES })).bytes);

  /** Keeps the due images of a stored poll; returns how many were kept. Failures skip that image only. */
  async function keep(poll: CollectedPoll, signal?: AbortSignal): Promise<number> {
    const candidates = poll.observations.filter(
      (o) => o.snapshotUrl && o.status === ACTIVITY_STATUS_ID.free_chat,
    );
    if (candidates.length === 0) return 0;
    const due = await nicknamesDueForSnapshot(
      options.db,
      poll.camSiteId,
      candidates.map((o) => o.nickname),
      poll.observedAt - every,
    );
    const byName = new Map(candidates.map((o) => [o.nickname.toLowerCase(), o]));
    let kept = 0;
    for (const nickname of due.slice(0, perPoll)) {
      if (signal?.aborted) break;
      const observation = byName.get(nickname.nickname.toLowerCase());
      if (!observation?.snapshotUrl) continue;
      if (kept > 0) await wait(pacingMs, signal);
      let key: string | null = null;
      try {
        const image = await processImage(await fetchImage(observation.snapshotUrl), SNAPSHOT_MAX_DIMENSION);
        key = newMediaKey("snapshot", "webp");
        await options.storage.put(key, image.data, "image/webp");
        await insertKeptSnapshot(options.db, {
          camSiteId: poll.camSiteId,
          nicknameId: nickname.nicknameId,
          modelId: nickname.modelId,
          path: key,
          size: image.data.byteLength,
          width: image.width,
          height: image.height,
          blurhash: image.blurhash,
          topic: observation.topic ?? null,
          takenAt: poll.observedAt,
        });
        kept++;
      } catch (error) {
        if (key) await options.storage.delete(key).catch(() => {});
        options.logger.debug({ err: error, nickname: nickname.nickname }, "snapshot not kept");
      }
    }
    return kept;
  }

  return { keep };
}
