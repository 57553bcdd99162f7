import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../app-env.ts";
import { completeDocument } from "./app-wide-replies.ts";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );

/**
 * /api/openapi.json is generated from the zod schemas, completed with what the app-wide middleware does; /api/docs
 * renders it as a readable page. `npm run lint` checks it with Redocly's recommended rules (redocly.yaml).
 */
export function mountDocs(app: OpenAPIHono<AppEnv>, productName: string) {
  const info = {
    title: `${productName} API`,
    version: "1.0.0",
    description: "All data flows through this API.",
  };
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "The session token from POST /api/login (also sent as the `token` cookie).",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "cookieAuth", {
    type: "apiKey",
    in: "cookie",
    name: "token",
    description: "The session cookie the site sets at sign-in.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "ingestToken", {
    type: "http",
    scheme: "bearer",
    description: "The collectors' INGEST_TOKEN.",
  });
  // Built once, on the first read: the routes are all registered by then and do not change.
  let document: ReturnType<typeof app.getOpenAPI31Document> | null = null;
  const documentOf = (publicUrl: string) =>
    (document ??= completeDocument(app.getOpenAPI31Document({ openapi: "3.1.0", info }), publicUrl));
  app.get("/openapi.json", (c) => c.json(documentOf(c.var.deps.env.PUBLIC_URL)));
  app.get("/docs", (c) => {
    const doc = documentOf(c.var.deps.env.PUBLIC_URL);
    if (c.req.header("accept")?.includes("application/json")) return c.json(doc);
    const rows = Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
      Object.entries(ops as Record<string, { summary?: string; tags?: string[] }>).map(
        ([method, op]) =>
          `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(op.summary ?? "")}</td></tr>`,
      ),
    );
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(info.title)}</title>` +
        `<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}td{padding:.3rem .8rem;border-bottom:1px solid #ddd}</style></head>` +
        `<body><h1>${escapeHtml(info.title)}</h1><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a></p>` +
        `<table><thead><tr><th>Method</th><th>Path</th><th>Summary</th></tr></thead><tbody>${rows.join("")}</tbody></table></body></html>`,
    );
  });
}
