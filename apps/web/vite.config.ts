import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { clientApiContract } from "./vite/client-api-contract.ts";
import { precompressedAssets } from "./vite/precompressed-assets.ts";
import { shellChunkGroup } from "./vite/shell-chunk.ts";

const appDir = path.join(import.meta.dirname, "app");

/**
 * Small modules nearly every page loads, kept in the shell chunk: the error boundary every route exports, the spec's
 * date and number formats, and what the catalog's cards and tiles are made of. Left to the automatic chunking each
 * came as a chunk of its own (1–2 KB), a page loaded ten or more of them, and each request costs a phone on a slow
 * network a round trip; in the shell they cost the few pages that do not use them a few hundred bytes.
 */
const ALSO_IN_SHELL = new Set(
  [
    "lib/errors/route-error-boundary.tsx",
    "components/not-found-view.tsx",
    "components/ui/card.tsx",
    "components/ui/empty-state.tsx",
    "components/ui/blur-image.tsx",
    "features/catalog/catalog-labels.ts",
    "features/models/usual-hours.ts",
    "features/models/card-usual-online.tsx",
  ]
    .map((file) => path.join(appDir, file))
    .concat(
      ["utc-format.ts", "activity-statuses.ts", "enums.ts", "blur-placeholder.ts", "schemas/errors.ts"].map(
        (file) => path.join(import.meta.dirname, "..", "..", "packages", "shared", "src", file),
      ),
    ),
);

export default defineConfig({
  // The SSR bundle imports only @camatlas/shared and the UI libraries: apps/server brings the API and the database.
  // The browser build gets the API contract without its schemas (vite/client-api-contract.ts, decision 0029).
  plugins: [clientApiContract(), tailwindcss(), reactRouter(), precompressedAssets()],
  build: {
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            // zod in a chunk of its own: only the pages that validate forms in the browser load it.
            { name: "zod", test: /node_modules[\\/]zod[\\/]/ },
            // The shell every page loads (root route, header, footer, React, React Router) in one chunk.
            // With the small modules nearly every page loads (ALSO_IN_SHELL).
            shellChunkGroup(appDir, path.join(appDir, "root.tsx"), (id) => ALSO_IN_SHELL.has(id)),
          ],
        },
      },
    },
  },
});
