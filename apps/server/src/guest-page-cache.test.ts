import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createGuestPageCache, isShareable } from "./guest-page-cache.ts";

const html = (text: string, init: ResponseInit = {}) =>
  new Response(text, {
    status: 200,
    ...init,
    headers: { "content-type": "text/html; charset=utf-8", ...init.headers },
  });

function setup(options: { maxEntries?: number; maxBytes?: number } = {}) {
  let clock = 0;
  const cache = createGuestPageCache({
    ttlMs: 5_000,
    maxEntries: options.maxEntries ?? 100,
    maxBytes: options.maxBytes ?? 1_000_000,
    now: () => clock,
  });
  let renders = 0;
  const render =
    (text = "page") =>
    async () => {
      renders++;
      return html(`${text} ${renders}`);
    };
  const bodyOf = async (key: string, fn = render()) => {
    const { outcome, status } = await cache.load(key, fn);
    const text =
      "page" in outcome ? new TextDecoder().decode(outcome.page.body) : await outcome.response.text();
    return { text, status };
  };
  return { cache, render, bodyOf, tick: (ms: number) => (clock += ms), renders: () => renders };
}

describe("guest page cache", () => {
  it("renders once per key and TTL, then again after it", async () => {
    const t = setup();
    expect(await t.bodyOf("a")).toEqual({ text: "page 1", status: "miss" });
    expect(await t.bodyOf("a")).toEqual({ text: "page 1", status: "hit" });
    expect(await t.bodyOf("b")).toEqual({ text: "page 2", status: "miss" });
    t.tick(6_000);
    expect(await t.bodyOf("a")).toEqual({ text: "page 3", status: "miss" });
  });

  it("serves a page that just expired while one background render replaces it", async () => {
    const t = setup();
    await t.bodyOf("a");
    t.tick(5_000);
    let finish: (r: Response) => void = () => {};
    let renders = 0;
    const slow = () => {
      renders++;
      return new Promise<Response>((resolve) => (finish = resolve));
    };
    expect(await t.bodyOf("a", slow)).toEqual({ text: "page 1", status: "stale" });
    expect(await t.bodyOf("a", slow)).toEqual({ text: "page 1", status: "stale" });
    expect(renders).toBe(1);
    finish(html("fresh"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await t.bodyOf("a")).toEqual({ text: "fresh", status: "hit" });
  });

  it("stops serving the stale page when its new render is not shareable, and after staleMs", async () => {
    const t = setup();
    await t.bodyOf("a");
    await t.bodyOf("b");
    t.tick(5_500);
    const gone = async () => new Response("gone", { status: 404, headers: { "content-type": "text/html" } });
    expect((await t.bodyOf("a", gone)).status).toBe("stale");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await t.bodyOf("a", gone)).toEqual({ text: "gone", status: "miss" });
    t.tick(500);
    expect((await t.bodyOf("b")).status).toBe("miss");
  });

  it("shares one render between requests arriving together", async () => {
    const t = setup();
    let finish: (r: Response) => void = () => {};
    let renders = 0;
    const slow = () => {
      renders++;
      return new Promise<Response>((resolve) => (finish = resolve));
    };
    const all = Promise.all([t.cache.load("a", slow), t.cache.load("a", slow), t.cache.load("a", slow)]);
    await Promise.resolve();
    finish(html("together"));
    const results = await all;
    expect(renders).toBe(1);
    expect(results.map((r) => r.status)).toEqual(["miss", "hit", "hit"]);
  });

  it("lets waiting requests render for themselves when the shared render is not shareable", async () => {
    const t = setup();
    let finish: (r: Response) => void = () => {};
    const first = t.cache.load("a", () => new Promise<Response>((resolve) => (finish = resolve)));
    const second = t.cache.load("a", async () => new Response("mine", { status: 404 }));
    finish(new Response("gone", { status: 404, headers: { "content-type": "text/html" } }));
    const [a, b] = await Promise.all([first, second]);
    expect("response" in a.outcome && (await a.outcome.response.text())).toBe("gone");
    expect("response" in b.outcome && (await b.outcome.response.text())).toBe("mine");
    expect(t.cache.stats.entries).toBe(0);
  });

  it("drops everything on clear, and does not keep a render that was running during it", async () => {
    const t = setup();
    await t.bodyOf("a");
    let finish: (r: Response) => void = () => {};
    const running = t.cache.load("b", () => new Promise<Response>((resolve) => (finish = resolve)));
    t.cache.clear();
    expect(t.cache.stats).toEqual({ entries: 0, bytes: 0 });
    finish(html("before the write"));
    expect((await running).status).toBe("miss");
    expect(t.cache.get("b")).toBeUndefined();
    expect(await t.bodyOf("a")).toEqual({ text: "page 2", status: "miss" });
  });

  it("keeps at most maxEntries, the least recently used going first", async () => {
    const t = setup({ maxEntries: 2 });
    await t.bodyOf("a");
    await t.bodyOf("b");
    await t.bodyOf("a");
    await t.bodyOf("c");
    expect(t.cache.get("a")).toBeDefined();
    expect(t.cache.get("b")).toBeUndefined();
    expect(t.cache.stats.entries).toBe(2);
  });

  it("keeps the bodies under maxBytes, and never stores one larger than that", async () => {
    const t = setup({ maxBytes: 3_000 });
    const big = (n: number) => async () => html("x".repeat(n));
    await t.cache.load("a", big(900));
    await t.cache.load("b", big(900));
    expect(t.cache.stats.entries).toBe(2);
    await t.cache.load("c", big(900));
    expect(t.cache.get("a")).toBeUndefined();
    expect(t.cache.stats.bytes).toBeLessThanOrEqual(3_000);
    await t.cache.load("d", big(5_000));
    expect(t.cache.get("d")).toBeUndefined();
  });

  it("stores the page's headers but not the transfer's, and makes one gzip copy", async () => {
    const t = setup();
    const { outcome } = await t.cache.load("a", async () =>
      html("<p>hello</p>".repeat(200), {
        headers: { "content-length": "2400", link: "</a.css>; rel=preload" },
      }),
    );
    if (!("page" in outcome)) throw new Error("expected a page");
    expect(outcome.page.headers.map(([name]) => name)).toEqual(["content-type", "link"]);
    const gz = await t.cache.gzipOf(outcome.page);
    expect(gunzipSync(gz).toString()).toBe("<p>hello</p>".repeat(200));
    expect(await t.cache.gzipOf(outcome.page)).toBe(gz);
  });
});

describe("isShareable", () => {
  it("takes only plain 200 HTML without cookies or a private/no-store Cache-Control", () => {
    expect(isShareable(html("ok"))).toBe(true);
    expect(isShareable(html("ok", { status: 404 }))).toBe(false);
    expect(isShareable(new Response("{}", { headers: { "content-type": "application/json" } }))).toBe(false);
    expect(isShareable(html("ok", { headers: { "set-cookie": "a=1" } }))).toBe(false);
    expect(isShareable(html("ok", { headers: { "cache-control": "private, max-age=0" } }))).toBe(false);
    expect(isShareable(html("ok", { headers: { "cache-control": "no-store" } }))).toBe(false);
    expect(isShareable(html("ok", { headers: { "cache-control": "public, max-age=60" } }))).toBe(true);
  });
});
