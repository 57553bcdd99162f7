import type { ServerEnv } from "../../env.ts";
import { createBongaCamsCollector } from "../collectors/bongacams.ts";
import { createCam4Collector } from "../collectors/cam4.ts";
import { createCamSodaCollector } from "../collectors/camsoda.ts";
import { createChaturbateCollector } from "../collectors/chaturbate.ts";
import type { Collector } from "../collectors/collector.ts";
import { createFlirt4FreeCollector } from "../collectors/flirt4free.ts";
import { createLiveJasminCollector } from "../collectors/livejasmin.ts";
import { createMyFreeCamsCollector } from "../collectors/myfreecams.ts";
import { createStreamateCollector } from "../collectors/streamate.ts";
import { createStripchatCollector } from "../collectors/stripchat.ts";

// The real collectors COLLECTORS names, each built from its settings. Public feeds with a default URL need nothing
// more; the others name the setting they miss, and the worker does not start with a collector it cannot run.

export type CollectorEnv = Pick<
  ServerEnv,
  | "COLLECTORS"
  | "COLLECTOR_INTERVALS"
  | "CHATURBATE_FEED_URL"
  | "STRIPCHAT_FEED_URL"
  | "MFC_SOCKET_URL"
  | "CAMSODA_FEED_URL"
  | "CAM4_FEED_URL"
  | "STREAMATE_FEED_URL"
  | "BONGACAMS_FEED_URL"
  | "BONGACAMS_CLIENT_IP"
  | "LIVEJASMIN_FEED_URLS"
  | "FLIRT4FREE_FEED_URL"
>;

/** "chaturbate=60,cam4=180" → seconds by collector name. */
export function parseIntervals(text: string | undefined): Map<string, number> {
  const intervals = new Map<string, number>();
  for (const part of (text ?? "").split(",")) {
    const [name, seconds] = part.split("=").map((s) => s.trim());
    if (!name) continue;
    const value = Number(seconds);
    if (!Number.isInteger(value) || value < 10 || value > 86_400)
      throw new Error(`COLLECTOR_INTERVALS: "${part.trim()}" needs whole seconds from 10 to 86400`);
    intervals.set(name.toLowerCase(), value);
  }
  return intervals;
}

const missing = (name: string, setting: string) =>
  new Error(`COLLECTORS names "${name}" but ${setting} is not set`);

export function configuredCollectors(env: CollectorEnv): Collector[] {
  const intervals = parseIntervals(env.COLLECTOR_INTERVALS);
  const names = env.COLLECTORS.split(",")
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  return names.map((name) => {
    const intervalSeconds = intervals.get(name === "myfreecams" ? "mfc" : name);
    switch (name) {
      case "chaturbate":
        if (!env.CHATURBATE_FEED_URL) throw missing(name, "CHATURBATE_FEED_URL");
        return createChaturbateCollector({ feedUrl: env.CHATURBATE_FEED_URL, intervalSeconds });
      case "stripchat":
        if (!env.STRIPCHAT_FEED_URL) throw missing(name, "STRIPCHAT_FEED_URL");
        return createStripchatCollector({ feedUrl: env.STRIPCHAT_FEED_URL, intervalSeconds });
      case "mfc":
      case "myfreecams":
        // Without a fixed chat server one is picked from serverconfig.js.
        return createMyFreeCamsCollector({ socketUrl: env.MFC_SOCKET_URL, intervalSeconds });
      case "camsoda":
        return createCamSodaCollector({ feedUrl: env.CAMSODA_FEED_URL, intervalSeconds });
      case "cam4":
        return createCam4Collector({ feedUrl: env.CAM4_FEED_URL, intervalSeconds });
      case "streamate":
        return createStreamateCollector({ feedUrl: env.STREAMATE_FEED_URL, intervalSeconds });
      case "bongacams":
        if (!env.BONGACAMS_FEED_URL)
          throw missing(name, "BONGACAMS_FEED_URL (the affiliate list with your id)");
        return createBongaCamsCollector({
          feedUrl: env.BONGACAMS_FEED_URL,
          clientIp: env.BONGACAMS_CLIENT_IP,
          intervalSeconds,
        });
      case "livejasmin": {
        const feedUrls = (env.LIVEJASMIN_FEED_URLS ?? "")
          .split(",")
          .map((u) => u.trim())
          .filter(Boolean);
        if (feedUrls.length === 0)
          throw missing(name, "LIVEJASMIN_FEED_URLS (AWE feeds with psId and accessKey)");
        for (const url of feedUrls) new URL(url);
        return createLiveJasminCollector({ feedUrls, intervalSeconds });
      }
      case "flirt4free":
        if (!env.FLIRT4FREE_FEED_URL) throw missing(name, "FLIRT4FREE_FEED_URL (the VS feed with its key)");
        return createFlirt4FreeCollector({ feedUrl: env.FLIRT4FREE_FEED_URL, intervalSeconds });
      default:
        throw new Error(
          `COLLECTORS names "${name}", which is no collector (chaturbate, stripchat, mfc, camsoda, cam4, bongacams, streamate, livejasmin, flirt4free)`,
        );
    }
  });
}
