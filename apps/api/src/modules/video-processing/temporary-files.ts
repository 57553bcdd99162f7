import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";

// Uploads being checked and transcodes in progress work in DATA_DIR/tmp; a process killed mid-way leaves its files
// there. A worker sweeps what is older than any upload or transcode can take when it starts.

export const TEMPORARY_FOLDERS = ["uploads", "video-jobs"] as const;
const STALE_AFTER_MS = 24 * 3600_000;

/** Removes entries of DATA_DIR/tmp/{uploads,video-jobs} last changed before `maxAgeMs` ago; how many went. */
export async function sweepTemporaryFiles(dataDir: string, maxAgeMs = STALE_AFTER_MS, now = Date.now()) {
  let removed = 0;
  for (const folder of TEMPORARY_FOLDERS) {
    const root = path.join(dataDir, "tmp", folder);
    const names = await readdir(root).catch(() => [] as string[]);
    for (const name of names) {
      const entry = path.join(root, name);
      const info = await stat(entry).catch(() => null);
      if (!info || now - info.mtimeMs < maxAgeMs) continue;
      await rm(entry, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}
