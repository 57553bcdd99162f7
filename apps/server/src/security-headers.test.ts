import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DatabaseHandle } from "@camatlas/db";
import { createTestDatabase } from "@camatlas/db/testing";
import type { LoadContextInput } from "@camatlas/web/server-contract";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineScriptHashes, pageContentSecurityPolicy } from "./security-headers.ts";
import { blocksLoaded, testSite } from "./testing/test-site.ts";

let database: DatabaseHandle;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), "camatlas-headers-"));
  await mkdir(path.join(dataDir, "media", "avatars"), { recursive: true });
  await writeFile(path.join(dataDir, "media", "avatars", "a.webp"), "RIFF....WEBP");
});
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const HYDRATION = "window.__reactRouterContext = {};";

/** A stand-in for the React Router build: a page with an inline script carrying the nonce it was given. */
const fakeBuild = {
  entry: {
    module: {
      createLoadContext: (input: LoadContextInput) => input,
      createRequestHandler: () => async (_request: Request, context: LoadContextInput) =>
        new Response(
          `<!doctype html><html><body><h1>Page</h1><script nonce="${context.cspNonce}">${HYDRATION}</script>` +
            `<script type="module" src="/assets/entry.js" nonce="${context.cspNonce}"></script></body></html>`,
          { status: 200, headers: { "content-type": "text/html; charset=utf-8" } },
        ),
    },
  },
} as unknown as ServerBuild;

async function cachingSite(extraEnv: Record<string, string>) {
  const created = createSiteWith(extraEnv);
  await blocksLoaded(created);
  return created.site;
}

function siteWith(extraEnv: Record<string, string> = {}) {
  return createSiteWith(extraEnv).site;
}

function createSiteWith(extraEnv: Record<string, string>) {
  return testSite(database, { build: fakeBuild, dataDir, env: extraEnv });
}

const directive = (policy: string | null, name: string) =>
  policy
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part === name || part.startsWith(`${name} `));

function expectBaseHeaders(res: Response) {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
  expect(directive(res.headers.get("content-security-policy"), "frame-ancestors")).toBe(
    "frame-ancestors 'none'",
  );
}

describe("security headers", () => {
  it("go with API replies, media files and error answers; nothing may run in them", async () => {
    const site = siteWith();
    for (const address of [
      "/api/openapi.json",
      "/api/no-such-endpoint",
      "/media/avatars/a.webp",
      "/media/none.webp",
    ]) {
      const res = await site.request(address);
      expectBaseHeaders(res);
      expect(directive(res.headers.get("content-security-policy"), "default-src")).toBe("default-src 'none'");
    }
    expect((await site.request("/media/avatars/a.webp")).status).toBe(200);
    expect((await site.request("/api/openapi.json")).headers.get("strict-transport-security")).toBeNull();
  });

  it("send HSTS in production only", async () => {
    const res = await siteWith({ APP_ENV: "production" }).request("/api/openapi.json");
    expect(res.headers.get("strict-transport-security")).toMatch(/^max-age=31536000/);
  });

  it("let a page run its own scripts only: a fresh nonce per response, no 'unsafe-inline'", async () => {
    const site = siteWith({ PAGE_CACHE_SECONDS: "0" });
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const res = await site.request("/models");
      expect(res.status).toBe(200);
      expectBaseHeaders(res);
      const policy = res.headers.get("content-security-policy");
      const scripts = directive(policy, "script-src") ?? "";
      expect(scripts).not.toContain("unsafe-inline");
      const nonce = /'nonce-([^']+)'/.exec(scripts)?.[1];
      expect(nonce).toBeTruthy();
      expect(await res.text()).toContain(`nonce="${nonce}"`);
      nonces.add(nonce!);
      expect(directive(policy, "connect-src")).toBe("connect-src 'self'");
      expect(directive(policy, "object-src")).toBe("object-src 'none'");
    }
    expect(nonces.size).toBe(2);
  });

  it("never share one visitor's nonce through the guest page cache: shared pages allow their scripts by hash", async () => {
    const site = await cachingSite({ PAGE_CACHE_SECONDS: "60" });
    const first = await site.request("/models");
    const second = await site.request("/models");
    expect(second.headers.get("x-cache")).toBe("hit");
    const hash = `'sha256-${createHash("sha256").update(HYDRATION).digest("base64")}'`;
    for (const res of [first, second]) {
      const scripts = directive(res.headers.get("content-security-policy"), "script-src") ?? "";
      expect(scripts).toBe(`script-src 'self' ${hash}`);
      expect(scripts).not.toContain("nonce");
    }
  });

  it("allow images from the media storage's origin when media live in S3", async () => {
    const res = await siteWith({
      PAGE_CACHE_SECONDS: "0",
      S3_BUCKET: "camatlas-media",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_PUBLIC_URL: "http://media.example:9000/camatlas-media/",
    }).request("/models");
    expect(directive(res.headers.get("content-security-policy"), "img-src")).toContain(
      "http://media.example:9000",
    );
  });
});

describe("inlineScriptHashes", () => {
  it("hashes inline scripts only, as browsers do (the UTF-8 text between the tags)", () => {
    const html = `<script>a()</script><script src="/x.js"></script><script type="module" nonce="n">b("é")</script>`;
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha('b("é")')]);
  });

  it("give a policy without 'unsafe-inline' or 'unsafe-eval' for scripts", () => {
    const policy = pageContentSecurityPolicy(["'sha256-x'"], { development: false, mediaOrigin: null });
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'sha256-x'");
    expect(policy).not.toContain("unsafe-eval");
  });
});
