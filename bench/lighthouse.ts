import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumPath } from "../e2e/support/browser.ts";
import { type Site, startBenchSite } from "./bench-site.ts";

// npm run bench:lighthouse — Lighthouse's mobile preset (simulated slow 4G and a 4× slower CPU, Chromium headless)
// on the home page, the model list, a model page and the stats page, as a guest past the age gate. Scores (0–100)
// and the main timings go to the console and to bench/results/lighthouse-<time>.json.
//
// BENCH_URL=<address> measures a running site; otherwise one is started (`npm start`: it rebuilds the web app, so run
// it under the build lock: flock /tmp/web-build.lock npm run bench:lighthouse).

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const TIMINGS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
] as const;

interface PageScore {
  page: string;
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  timings: Record<(typeof TIMINGS)[number], string>;
  /** Audits below full marks in accessibility, best practices and SEO: what to fix. */
  failing: string[];
}

async function modelPath(base: string): Promise<string> {
  const reply = (await (await fetch(`${base}/api/models?per_page=1`)).json()) as {
    data: Array<{ slug: string }>;
  };
  const slug = reply.data[0]?.slug;
  if (!slug) throw new Error("No model to measure: the site has no visible model");
  return `/models/${slug}`;
}

async function main(): Promise<void> {
  const given = process.env.BENCH_URL?.replace(/\/+$/, "");
  const site: Site | null = given ? null : await startBenchSite({});
  const base = given ?? site?.url ?? "";
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    // Paint holding off, as Playwright and Puppeteer launch Chromium: headless, it held every page's first frame
    // for one or two seconds after the page had painted (traces: the renderer's paint at ~180 ms, the display's
    // draw at ~1.2 or ~2.2 s), and Lighthouse took those held frames for the page's paints (bench/README.md).
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-features=PaintHolding",
    ],
  });
  try {
    const pages = { home: "/", models: "/models", model: await modelPath(base), stats: "/stats" };
    const results: PageScore[] = [];
    for (const [page, address] of Object.entries(pages)) {
      const run = await lighthouse(`${base}${address}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        // A guest who already confirmed being 18: the gate is a page of its own otherwise.
        extraHeaders: { Cookie: "age_gate=18" },
      });
      if (!run) throw new Error(`Lighthouse returned nothing for ${address}`);
      const { lhr } = run;
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => {
          const score = lhr.categories[c]?.score;
          return [c, typeof score === "number" ? Math.round(score * 100) : null];
        }),
      ) as PageScore["scores"];
      const timings = Object.fromEntries(
        TIMINGS.map((t) => [t, lhr.audits[t]?.displayValue ?? "?"]),
      ) as PageScore["timings"];
      const failing = CATEGORIES.filter((c) => c !== "performance").flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${c}: ${ref.id}`),
      );
      results.push({ page, path: address, scores, timings, failing });
      console.log(
        `${page.padEnd(7)} perf ${scores.performance} a11y ${scores.accessibility} bp ${scores["best-practices"]} seo ${scores.seo}  ` +
          `FCP ${timings["first-contentful-paint"]} LCP ${timings["largest-contentful-paint"]} TBT ${timings["total-blocking-time"]} CLS ${timings["cumulative-layout-shift"]}` +
          (failing.length ? `\n        below 100: ${failing.join(", ")}` : ""),
      );
    }
    const folder = path.join(import.meta.dirname, "results");
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, `lighthouse-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    await writeFile(
      file,
      `${JSON.stringify({ measured_at: new Date().toISOString(), base, preset: "mobile", results }, null, 2)}\n`,
    );
    console.log(`Written to ${path.relative(process.cwd(), file)}`);
  } finally {
    chrome.kill();
    await site?.stop();
  }
}

await main();
