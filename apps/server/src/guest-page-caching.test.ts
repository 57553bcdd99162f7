import { gunzipSync } from "node:zlib";
import { type DatabaseHandle, schema } from "@camatlas/db";
import { createModel, createUser } from "@camatlas/db/factories";
import { createTestDatabase } from "@camatlas/db/testing";
import { ROLE } from "@camatlas/shared";
import { isAgeGateOpen, type LoadContextInput } from "@camatlas/web/server-contract";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blocksLoaded, type TestSite, testSite } from "./testing/test-site.ts";

// The site with the real API and database, and a stand-in for the React Router build whose "page" reads the
// model through the in-process API exactly as the model loader does (forwarded client IP, internal token), so
// what a visitor sees follows the API's visibility rules and the cache has to keep them.

// Both in Sweden (no region): one cache key, except that an IP block names the first.
const BLOCKED_IP = "89.160.20.112";
const SWEDEN = "89.160.20.113";
const WASHINGTON = "216.160.83.56";
const BRITAIN = "81.2.69.142";

let database: DatabaseHandle;
let renders = 0;
let adminToken = "";

/** A page per model: 200 with her name when the API shows her to this visitor, else 404. POST blocks an IP. */
const fakeBuild = {
  entry: {
    module: {
      createLoadContext: (input: LoadContextInput) => input,
      createRequestHandler: () => async (request: Request, context: LoadContextInput) => {
        renders++;
        const url = new URL(request.url);
        const slug = url.pathname.split("/")[2] ?? "";
        const headers = {
          [context.clientIpHeader]: context.clientIp,
          "x-internal-token": context.internalToken,
        };
        if (request.method === "POST") {
          // An action: writes through the in-process API (as the route actions do).
          const form = new URLSearchParams(await request.text());
          const reply = await context.apiFetch(
            new Request(`${url.origin}/api/models/${form.get("id")}/block`, {
              method: "POST",
              headers: {
                ...headers,
                authorization: `Bearer ${adminToken}`,
                "content-type": "application/json",
              },
              body: JSON.stringify({ blockable_type: "ip", location: form.get("ip") }),
            }),
          );
          return new Response(null, {
            status: 303,
            headers: { location: url.pathname, "x-api": String(reply.status) },
          });
        }
        if (url.pathname === "/models") {
          // A list page: always 200, its content follows the visitor's place.
          const list = await context.apiFetch(
            new Request(`${url.origin}/api/models?query=Blocked`, { headers }),
          );
          const { data } = (await list.json()) as { data: Array<{ name: string }> };
          const names = data.map((m) => m.name).sort();
          return new Response(`<ul>${names.map((n) => `<li>${n}</li>`).join("")}</ul>`, {
            status: 200,
            headers: { "content-type": "text/html; charset=utf-8" },
          });
        }
        const reply = await context.apiFetch(
          new Request(`${url.origin}/api/models/by-slug/${slug}`, { headers }),
        );
        const gate = isAgeGateOpen(request.headers.get("cookie")) ? "gate open" : "gate closed";
        if (reply.status !== 200)
          return new Response(`<p>not found</p>`, { status: 404, headers: { "content-type": "text/html" } });
        const model = (await reply.json()) as { name: string };
        return new Response(`<main>${model.name} · ${gate} · render ${renders}</main>${" ".repeat(2000)}`, {
          status: 200,
          headers: { "content-type": "text/html; charset=utf-8" },
        });
      },
    },
  },
} as unknown as ServerBuild;

const siteWith = (env: Record<string, string> = {}, mode: "production" | "development" = "production") =>
  testSite(database, { build: fakeBuild, env: { TRUST_PROXY: "1", ...env }, mode });

type Site = TestSite;

async function visit(site: Site, path: string, ip: string, headers: Record<string, string> = {}) {
  const res = await site.site.request(path, { headers: { "x-forwarded-for": ip, ...headers } });
  return { status: res.status, cache: res.headers.get("x-cache"), text: await res.text() };
}

let plain: Awaited<ReturnType<typeof createModel>>;
let ipBlocked: Awaited<ReturnType<typeof createModel>>;
let geoBlocked: Awaited<ReturnType<typeof createModel>>;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  plain = await createModel(db, { name: "Plain Page" });
  ipBlocked = await createModel(db, { name: "Blocked For One Ip" });
  geoBlocked = await createModel(db, { name: "Blocked In Washington" });
  await db.insert(schema.modelBlocks).values([
    { modelId: ipBlocked.id, blockableType: "ip", location: `${BLOCKED_IP}/32` },
    { modelId: geoBlocked.id, blockableType: "state", location: "US-WA" },
  ]);
  const admin = await createUser(db, { roleId: ROLE.admin });
  const { deps } = siteWith();
  adminToken = await deps.tokens.issue({ id: admin.id, roleId: ROLE.admin });
});
afterAll(() => database.close());

describe("guest page cache through the site", () => {
  it("renders a guest's page once and serves it from memory after, gzip included", async () => {
    const site = siteWith();
    await blocksLoaded(site);
    const first = await visit(site, `/models/${plain.slug}`, SWEDEN);
    expect(first).toMatchObject({ status: 200, cache: "miss" });
    const second = await visit(site, `/models/${plain.slug}`, SWEDEN);
    expect(second).toEqual({ ...first, cache: "hit" });

    const zipped = await site.site.request(`/models/${plain.slug}`, {
      headers: { "x-forwarded-for": SWEDEN, "accept-encoding": "gzip, deflate, br" },
    });
    expect(zipped.headers.get("x-cache")).toBe("hit");
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(first.text);

    const head = await site.site.request(`/models/${plain.slug}`, {
      method: "HEAD",
      headers: { "x-forwarded-for": SWEDEN },
    });
    expect(head.headers.get("x-cache")).toBe("hit");
  });

  it("never shares pages of signed-in visitors, pages outside the public ones, or not-found pages", async () => {
    const site = siteWith();
    await blocksLoaded(site);
    const path = `/models/${plain.slug}`;
    await visit(site, path, SWEDEN);
    expect((await visit(site, path, SWEDEN, { cookie: `token=${adminToken}` })).cache).toBe("bypass");
    expect((await visit(site, path, SWEDEN, { authorization: `Bearer ${adminToken}` })).cache).toBe("bypass");
    expect((await visit(site, "/account", SWEDEN)).cache).toBe("bypass");
    expect(await visit(site, "/models/nobody-at-all", SWEDEN)).toMatchObject({ status: 404, cache: "miss" });
    expect(await visit(site, "/models/nobody-at-all", SWEDEN)).toMatchObject({ status: 404, cache: "miss" });
  });

  it("keeps the age gate variants apart: open for a new guest, closed after either answer", async () => {
    const site = siteWith();
    await blocksLoaded(site);
    const path = `/models/${plain.slug}`;
    const open = await visit(site, path, SWEDEN);
    expect(open.text).toContain("gate open");
    const remembered = await visit(site, path, SWEDEN, { cookie: "age_gate=18" });
    expect(remembered).toMatchObject({ cache: "miss" });
    expect(remembered.text).toContain("gate closed");
    const thisVisit = await visit(site, path, SWEDEN, { cookie: "age_gate_visit=1; adblock_flag=1" });
    expect(thisVisit).toEqual({ ...remembered, cache: "hit" });
    expect((await visit(site, path, SWEDEN)).text).toBe(open.text);
  });

  it("drops every page after a successful write through /api, and after one from a page action", async () => {
    const site = siteWith();
    await blocksLoaded(site);
    const path = `/models/${plain.slug}`;
    await visit(site, path, SWEDEN);
    expect((await visit(site, path, SWEDEN)).cache).toBe("hit");
    // A failed write changes nothing, nor does a collector's poll (live statuses show within the TTL).
    const poll = await site.site.request("/api/ingest/observations", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${site.deps.env.INGEST_TOKEN}` },
      body: JSON.stringify({
        cam_site_id: 33,
        observed_at: new Date().toISOString(),
        complete: false,
        observations: [],
      }),
    });
    expect(poll.status).toBe(200);
    expect((await visit(site, path, SWEDEN)).cache).toBe("hit");
    const refused = await site.site.request(`/api/models/${plain.id}/block`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ blockable_type: "country", location: "FR" }),
    });
    expect(refused.status).toBe(401);
    expect((await visit(site, path, SWEDEN)).cache).toBe("hit");

    const write = await site.site.request(`/api/models/${plain.id}/block`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ blockable_type: "country", location: "FR" }),
    });
    expect(write.status).toBe(200);
    await blocksLoaded(site);
    expect((await visit(site, path, SWEDEN)).cache).toBe("miss");
    expect((await visit(site, path, SWEDEN)).cache).toBe("hit");

    const action = await site.site.request(path, {
      method: "POST",
      headers: { "x-forwarded-for": SWEDEN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: String(plain.id), ip: "198.51.100.1" }).toString(),
    });
    expect(action.headers.get("x-api")).toBe("200");
    expect(action.headers.get("x-cache")).toBe("bypass");
    await blocksLoaded(site);
    expect((await visit(site, path, SWEDEN)).cache).toBe("miss");
  });

  it("never serves an IP-blocked visitor a page rendered for another, nor the other way round", async () => {
    const site = siteWith();
    await blocksLoaded(site);
    const path = `/models/${ipBlocked.slug}`;
    // The neighbour (same country, IP not blocked) fills the cache; the blocked visitor must not get it.
    expect(await visit(site, path, SWEDEN)).toMatchObject({ status: 200, cache: "miss" });
    expect(await visit(site, path, SWEDEN)).toMatchObject({ status: 200, cache: "hit" });
    expect(await visit(site, path, BLOCKED_IP)).toMatchObject({ status: 404, cache: "bypass" });
    // The blocked visitor's pages are never stored: on other pages too, and the neighbour is unaffected.
    expect(await visit(site, `/models/${plain.slug}`, BLOCKED_IP)).toMatchObject({
      status: 200,
      cache: "bypass",
    });
    site.pageCache?.cache.clear();
    expect(await visit(site, path, BLOCKED_IP)).toMatchObject({ status: 404, cache: "bypass" });
    expect(await visit(site, path, SWEDEN)).toMatchObject({ status: 200, cache: "miss" });
  });

  it("keeps list pages apart the same way, both ways round", async () => {
    const site = siteWith();
    await blocksLoaded(site);
    const ipHidden = "<li>Blocked For One Ip</li>";
    const geoHidden = "<li>Blocked In Washington</li>";
    // A neighbour's list shows the model blocked for the other IP; that IP never gets his page.
    const neighbours = await visit(site, "/models", SWEDEN);
    expect(neighbours.text).toContain(ipHidden);
    const blockedList = await visit(site, "/models", BLOCKED_IP);
    expect(blockedList).toMatchObject({ status: 200, cache: "bypass" });
    expect(blockedList.text).not.toContain(ipHidden);
    expect(await visit(site, "/models", SWEDEN)).toEqual({ ...neighbours, cache: "hit" });
    // The other way round: what the blocked visitor saw was never kept for the neighbour.
    site.pageCache?.cache.clear();
    expect((await visit(site, "/models", BLOCKED_IP)).text).not.toContain(ipHidden);
    expect(await visit(site, "/models", SWEDEN)).toEqual({ ...neighbours, cache: "miss" });

    // By region: Britain's list has the model hidden in Washington, Washington's does not, each from its own entry.
    const british = await visit(site, "/models", BRITAIN);
    expect(british.text).toContain(geoHidden);
    const washington = await visit(site, "/models", WASHINGTON);
    expect(washington).toMatchObject({ cache: "miss" });
    expect(washington.text).not.toContain(geoHidden);
    expect(await visit(site, "/models", "216.160.83.57")).toEqual({ ...washington, cache: "hit" });
    expect(await visit(site, "/models", BRITAIN)).toEqual({ ...british, cache: "hit" });
  });

  it("stops sharing with a visitor the moment a write blocks their IP, before the list is read again", async () => {
    const site = siteWith();
    await blocksLoaded(site);
    const path = `/models/${plain.slug}`;
    const other = "89.160.20.200";
    await visit(site, path, SWEDEN);
    expect(await visit(site, path, other)).toMatchObject({ status: 200, cache: "hit" });
    const write = await site.site.request(`/api/models/${plain.id}/block`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ blockable_type: "ip", location: `${other}/32` }),
    });
    expect(write.status).toBe(200);
    // Right after the write: no shared page for anyone until the blocks are read again; then none for her.
    expect(await visit(site, path, other)).toMatchObject({ status: 404, cache: "bypass" });
    await blocksLoaded(site);
    expect(await visit(site, path, SWEDEN)).toMatchObject({ status: 200, cache: "miss" });
    expect(await visit(site, path, other)).toMatchObject({ status: 404, cache: "bypass" });
  });

  it("keys by country and region, so a page rendered elsewhere never reaches a blocked region", async () => {
    const site = siteWith();
    await blocksLoaded(site);
    const path = `/models/${geoBlocked.slug}`;
    expect(await visit(site, path, BRITAIN)).toMatchObject({ status: 200, cache: "miss" });
    expect(await visit(site, path, WASHINGTON)).toMatchObject({ status: 404, cache: "miss" });
    expect(await visit(site, path, BRITAIN)).toMatchObject({ status: 200, cache: "hit" });
    expect(await visit(site, path, "216.160.83.57")).toMatchObject({ status: 404 });
  });

  it("is off with PAGE_CACHE_SECONDS=0 and in development", async () => {
    for (const site of [siteWith({ PAGE_CACHE_SECONDS: "0" }), siteWith({}, "development")]) {
      expect(site.pageCache).toBeNull();
      const res = await visit(site, `/models/${plain.slug}`, SWEDEN);
      expect(res).toMatchObject({ status: 200, cache: null });
    }
  });
});
