import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // The server-only packages are imported by the custom server, never by the SSR bundle.
  ssr: { external: ["@camatlas/api", "@camatlas/db", "@electric-sql/pglite", "pg", "sharp"] },
});
