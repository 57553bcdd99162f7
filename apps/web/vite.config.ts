import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { clientApiContract } from "./vite/client-api-contract.ts";
import { precompressedAssets } from "./vite/precompressed-assets.ts";
import { shellChunkGroup } from "./vite/shell-chunk.ts";

const appDir = path.join(import.meta.dirname, "app");

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
            // With the spec's date and number formats: nearly every page shows a date or a count, and as a chunk of
            // its own they cost more in import and gzip framing than in code.
            shellChunkGroup(appDir, path.join(appDir, "root.tsx"), (id) =>
              /[\\/]shared[\\/]src[\\/]utc-format\.ts$/.test(id),
            ),
          ],
        },
      },
    },
  },
});
