import { stat } from "node:fs/promises";
import path from "node:path";
import { ensurePortraitFile, parsePortraitPath } from "@camatlas/db/factories";
import type { MiddlewareHandler } from "hono";

// The demo models' portraits (avatar and live snapshots, packages/db portrait-images.ts) are drawn when first asked
// for and kept under the media folder, so the first start does not wait for hundreds of them. Only the portrait
// paths of existing models' slugs are drawn: any other address falls through to the static files (and their 404).

export interface DemoPortraitsOptions {
  mediaDir: string;
  isKnownSeed: (seed: string) => Promise<boolean>;
}

export function demoPortraitsOnDemand(options: DemoPortraitsOptions): MiddlewareHandler {
  return async (c, next) => {
    const relative = c.req.path.slice("/media/".length);
    const parsed = parsePortraitPath(relative);
    if (parsed) {
      const present = await stat(path.join(options.mediaDir, relative)).catch(() => null);
      if (!present && (await options.isKnownSeed(parsed.seed)))
        await ensurePortraitFile(options.mediaDir, relative);
    }
    await next();
  };
}
