import { stat } from "node:fs/promises";
import path from "node:path";
import { ensurePortraitFile, type PortraitLooks, parsePortraitPath } from "@camatlas/db/factories";
import type { MiddlewareHandler } from "hono";

// The demo models' portraits (avatar and live snapshots, packages/db portrait-images.ts) are drawn when first asked
// for and kept under the media folder, so the first start does not wait for hundreds of them. Only the portrait
// paths of existing models' slugs are drawn, with her tags' looks: any other address falls through to the static
// files (and their 404). A snapshot's BlurHash is recorded once drawn, so her snapshot lists show its placeholder.

export interface DemoPortraitsOptions {
  mediaDir: string;
  /** Her looks by her slug (from her tags), or null when no model has the slug. */
  looksOf: (seed: string) => Promise<PortraitLooks | null>;
  /** Records a drawn snapshot's BlurHash on the live snapshots that show it. */
  recordSnapshot?: (relative: string, blurhash: string) => Promise<void>;
}

export function demoPortraitsOnDemand(options: DemoPortraitsOptions): MiddlewareHandler {
  return async (c, next) => {
    const relative = c.req.path.slice("/media/".length);
    const parsed = parsePortraitPath(relative);
    if (parsed) {
      const present = await stat(path.join(options.mediaDir, relative)).catch(() => null);
      const looks = present ? null : await options.looksOf(parsed.seed);
      if (looks) {
        const written = await ensurePortraitFile(options.mediaDir, relative, looks);
        if (written && parsed.scene.kind === "snapshot")
          await options.recordSnapshot?.(relative, written.blurhash).catch(() => {});
      }
    }
    await next();
  };
}
