import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

// node bench/route-js-size.ts [route id] [client build dir] — a page's first-load JavaScript from the web build
// (no site running): the scripts the route manifest lists for the entry, the root and the route, each gzipped at
// level 9. Chunks the page imports later (the stats charts) are listed apart: they are not first-load.
//
// Defaults: routes/stats-nickname and apps/web/build/client (run `npm run build` first, under the build lock).

const routeId = process.argv[2] ?? "routes/stats-nickname";
const clientDir = process.argv[3] ?? join(import.meta.dirname, "../apps/web/build/client");
const assets = join(clientDir, "assets");

interface ManifestEntry {
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry>;
}

const manifestFile = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error(`no route manifest in ${assets}: build the web app first`);
const manifestText = readFileSync(join(assets, manifestFile), "utf8");
const manifest = JSON.parse(
  manifestText.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""),
) as Manifest;

const gzip = (src: string) => gzipSync(readFileSync(join(clientDir, src)), { level: 9 }).byteLength;
const route = manifest.routes[routeId];
const root = manifest.routes.root;
if (!route || !root) throw new Error(`no route ${routeId} in the manifest`);

const firstLoad = new Set<string>();
for (const part of [manifest.entry, root, route]) {
  firstLoad.add(part.module);
  for (const src of part.imports ?? []) firstLoad.add(src);
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const total = [...firstLoad].reduce((sum, src) => sum + gzip(src), 0);
const manifestGzip = gzipSync(manifestText, { level: 9 }).byteLength;

// What the route module imports dynamically: named in its code as import("./x.js") or import(`./x.js`).
const routeCode = readFileSync(join(clientDir, route.module), "utf8");
const later = [...routeCode.matchAll(/import\(["`]\.\/([^"`]+\.js)["`]\)/g)].map((m) => `/assets/${m[1]}`);
const lazyChunks = [...new Set(later)].filter((src) => !firstLoad.has(src));

// The entry and root are every page's; what the route adds on top is what its own code decides.
const shared = new Set([
  manifest.entry.module,
  ...(manifest.entry.imports ?? []),
  root.module,
  ...(root.imports ?? []),
]);
const own = [...firstLoad].filter((src) => !shared.has(src));
const ownTotal = own.reduce((sum, src) => sum + gzip(src), 0);

console.log(`${routeId}: first-load JavaScript ${kb(total)} gzip in ${firstLoad.size} scripts`);
console.log(
  `  every page's entry and root: ${kb(total - ownTotal)}; the route's own scripts: ${kb(ownTotal)} in ${own.length}`,
);
console.log(`  route module ${route.module}: ${kb(gzip(route.module))} gzip`);
console.log(`  route manifest (loaded by every page): ${kb(manifestGzip)} gzip`);
for (const src of lazyChunks) console.log(`  loaded later: ${src} ${kb(gzip(src))} gzip`);
