import { gzipSync } from "node:zlib";
import { type Site, startBenchSite } from "./bench-site.ts";

// npm run bench:first-load-js — the JavaScript a guest's browser loads before a page is interactive, per page kind:
// every script the page's HTML preloads or imports (`<link rel="modulepreload">`, the inline module script's
// imports), each gzipped at level 9 as a file, plus the inline module script itself (React Router's route manifest).
// Scripts a page loads later (a tab's section, the editor, charts) are not counted: they are not first-load.
//
// BENCH_URL=<address> measures a running site; otherwise one is started (`npm start` rebuilds the web app, so run it
// under the build lock). VERBOSE=1 lists every script of every page with its size, largest first.

/** Issue 21: a model page's first-load JavaScript, gzip. */
const MODEL_PAGE_BUDGET_KB = 135;
const GUEST = { cookie: "age_gate=18" };

interface PageJs {
  page: string;
  path: string;
  scripts: Array<{ src: string; gzip: number }>;
  inlineGzip: number;
  totalGzip: number;
}

const MODULEPRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g;
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g;
const STATIC_IMPORT = /\bimport\s+(?:[^"';]*?\s+from\s+)?"([^"]+)"/g;

async function text(url: string): Promise<string> {
  const answer = await fetch(url, { headers: GUEST });
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  return answer.text();
}

const sizes = new Map<string, Promise<number>>();
/** gzip -9 size of one script, fetched once per run. */
function gzipSize(url: string): Promise<number> {
  let size = sizes.get(url);
  if (!size) {
    size = text(url).then((body) => gzipSync(body, { level: 9 }).byteLength);
    sizes.set(url, size);
  }
  return size;
}

export async function firstLoadJs(base: string, page: string, address: string): Promise<PageJs> {
  const html = await text(`${base}${address}`);
  const sources = new Set<string>();
  for (const match of html.matchAll(MODULEPRELOAD)) sources.add(match[1] ?? "");
  let inline = "";
  for (const match of html.matchAll(MODULE_SCRIPT)) {
    const body = match[1] ?? "";
    inline += body;
    for (const imported of body.matchAll(STATIC_IMPORT)) sources.add(imported[1] ?? "");
  }
  sources.delete("");
  const scripts = await Promise.all(
    [...sources].map(async (src) => ({ src, gzip: await gzipSize(new URL(src, base).href) })),
  );
  scripts.sort((a, b) => b.gzip - a.gzip);
  const inlineGzip = inline ? gzipSync(inline, { level: 9 }).byteLength : 0;
  const totalGzip = scripts.reduce((sum, s) => sum + s.gzip, 0) + inlineGzip;
  return { page, path: address, scripts, inlineGzip, totalGzip };
}

/** The page kinds measured: a model page and a nickname's stats page are the first of the model list. */
export async function pageKinds(base: string): Promise<Record<string, string>> {
  const reply = (await (await fetch(`${base}/api/models?per_page=1`)).json()) as {
    data: Array<{ slug: string }>;
  };
  const slug = reply.data[0]?.slug;
  if (!slug) throw new Error("No model to measure: the site has no visible model");
  const model = (await (await fetch(`${base}/api/models/by-slug/${slug}`)).json().catch(() => null)) as {
    nicknames?: Array<{ nickname: string; cam_site?: { slug?: string; name?: string } }>;
  } | null;
  const nickname = model?.nicknames?.[0];
  const camsite = nickname?.cam_site?.slug;
  return {
    home: "/",
    models: "/models",
    model: `/models/${slug}`,
    ...(nickname && camsite
      ? { "stats nickname": `/stats/${camsite}/${encodeURIComponent(nickname.nickname)}` }
      : {}),
    stats: "/stats",
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main(): Promise<void> {
  const given = process.env.BENCH_URL?.replace(/\/+$/, "");
  const site: Site | null = given ? null : await startBenchSite({});
  const base = given ?? site?.url ?? "";
  try {
    const pages = await pageKinds(base);
    for (const [page, address] of Object.entries(pages)) {
      let measured: PageJs;
      try {
        measured = await firstLoadJs(base, page, address);
      } catch (error) {
        console.log(`${page.padEnd(15)} ${(error as Error).message}`);
        continue;
      }
      const budget =
        page === "model"
          ? `  (budget ${MODEL_PAGE_BUDGET_KB} KB: ${measured.totalGzip / 1024 <= MODEL_PAGE_BUDGET_KB ? "met" : "MISSED"})`
          : "";
      console.log(
        `${page.padEnd(15)} ${kb(measured.totalGzip).padStart(6)} KB gzip in ${measured.scripts.length} scripts ` +
          `+ inline ${kb(measured.inlineGzip)} KB  ${address}${budget}`,
      );
      if (process.env.VERBOSE === "1")
        for (const script of measured.scripts)
          console.log(`    ${kb(script.gzip).padStart(6)} KB  ${script.src}`);
    }
  } finally {
    await site?.stop();
  }
}

if (import.meta.main) await main();
