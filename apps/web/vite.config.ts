import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The SSR bundle imports only @camatlas/shared and the UI libraries: apps/server brings the API and the database.
  plugins: [tailwindcss(), reactRouter()],
});
