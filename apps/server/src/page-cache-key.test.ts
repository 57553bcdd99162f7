import { describe, expect, it } from "vitest";
import type { IpBlockAnswer } from "./ip-block-list.ts";
import { isCacheablePagePath, type PageCacheDecision, pageCacheDecision } from "./page-cache-key.ts";

const SWEDEN = { country: "SE", region: null, ip: "89.160.20.112" };

function decide(
  path: string,
  init: { method?: string; headers?: Record<string, string> } = {},
  place: { country: string | null; region: string | null; ip: string | null } | null = SWEDEN,
  ipBlock: IpBlockAnswer = "clear",
): PageCacheDecision {
  return pageCacheDecision({
    request: new Request(`http://localhost:3000${path}`, init),
    place,
    ipBlock: () => ipBlock,
  });
}
const keyOf = (d: PageCacheDecision) => ("key" in d ? d.key : `bypass:${d.bypass}`);

describe("isCacheablePagePath", () => {
  it("takes the public pages", () => {
    for (const path of [
      "/",
      "/models",
      "/models/luna-rose",
      "/camsites",
      "/camsites/chaturbate",
      "/chaturbate/model/luna_rose",
      "/about",
      "/terms",
    ])
      expect(isCacheablePagePath(path), path).toBe(true);
  });

  it("leaves out sign-in, account, admin, stats, forms, files, data requests and odd paths", () => {
    for (const path of [
      "/login",
      "/register",
      "/logout",
      "/account",
      "/admin",
      "/admin/users",
      "/age-gate",
      "/search",
      "/stats",
      "/stats/chaturbate/luna",
      "/models/new",
      "/models/luna/edit",
      "/models/luna/verify",
      "/auth/forgot-password",
      "/users/someone",
      "/sitemap.xml",
      "/robots.txt",
      "/models/luna.data",
      "/models/",
      "/camsites/visit/site/3",
      "/chaturbate/model/luna/dataJSON",
      "/a//b",
    ])
      expect(isCacheablePagePath(path), path).toBe(false);
  });
});

describe("pageCacheDecision", () => {
  it("keys a guest's GET by address, age gate, crawler or not, and country/region", () => {
    const key = keyOf(decide("/models/luna?tab=nicknames"));
    expect(key).toBe("http://localhost:3000/models/luna?tab=nicknames gate auto browser SE/-");
    expect(keyOf(decide("/models/luna?tab=nicknames", { method: "HEAD" }))).toBe(key);
    expect(keyOf(decide("/models/luna"))).not.toBe(key);
  });

  it("bypasses other methods and a session (token cookie, even empty, or an Authorization header)", () => {
    expect(decide("/models/luna", { method: "POST" })).toEqual({ bypass: "method" });
    expect(decide("/models/luna", { headers: { cookie: "age_gate=18; token=abc" } })).toEqual({
      bypass: "session",
    });
    expect(decide("/models/luna", { headers: { cookie: "token=" } })).toEqual({ bypass: "session" });
    expect(decide("/models/luna", { headers: { authorization: "Bearer x" } })).toEqual({ bypass: "session" });
    expect(decide("/account")).toEqual({ bypass: "path" });
  });

  it("follows the root loader's age gate rule: either cookie closes it, other cookies do not matter", () => {
    const open = keyOf(decide("/", { headers: { cookie: "adblock_flag=1; user_id=3" } }));
    expect(open).toMatch(/ gate /);
    expect(keyOf(decide("/"))).toBe(open);
    const closed = keyOf(decide("/", { headers: { cookie: "age_gate=18" } }));
    expect(closed).toMatch(/ nogate /);
    expect(keyOf(decide("/", { headers: { cookie: "age_gate_visit=1; adblock_flag=1" } }))).toBe(closed);
  });

  it("separates the chosen themes (the page's <html data-theme>) from each other and from no choice", () => {
    const none = keyOf(decide("/models/luna", { headers: { cookie: "age_gate=18" } }));
    const light = keyOf(decide("/models/luna", { headers: { cookie: "age_gate=18; theme=light" } }));
    const dark = keyOf(decide("/models/luna", { headers: { cookie: "theme=dark; age_gate=18" } }));
    expect(new Set([none, light, dark]).size).toBe(3);
    expect(keyOf(decide("/models/luna", { headers: { cookie: "age_gate=18; theme=neon" } }))).toBe(none);
  });

  it("separates crawlers, which get the whole document at once", () => {
    const bot = keyOf(
      decide("/", { headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } }),
    );
    expect(bot).toMatch(/ bot /);
    expect(
      keyOf(decide("/", { headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" } })),
    ).toMatch(/ browser /);
  });

  it("separates countries and regions, and places the API cannot locate", () => {
    const wa = keyOf(decide("/", {}, { country: "US", region: "US-WA", ip: "216.160.83.56" }));
    const us = keyOf(decide("/", {}, { country: "US", region: null, ip: "8.8.8.8" }));
    const nowhere = keyOf(decide("/", {}, null));
    expect(new Set([wa, us, nowhere, keyOf(decide("/"))]).size).toBe(4);
    expect(nowhere).toMatch(/ -\/-$/);
  });

  it("never shares a page with a visitor whose IP matches an IP block, or while that is unknown", () => {
    expect(decide("/models/luna", {}, SWEDEN, "blocked")).toEqual({ bypass: "ip-block" });
    expect(decide("/models/luna", {}, SWEDEN, "unknown")).toEqual({ bypass: "ip-block" });
  });
});
