import { type Context, Hono } from "hono";
import type { ServerEnv } from "../../env.ts";
import { listStoredMails, readStoredMail } from "./mail-folder.ts";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

/** Who asked: whether the request came from this machine itself (the site passes the socket's address). */
export type LocalRequestCheck = (c: Context) => boolean;

/**
 * /dev/mail: the mails written to DATA_DIR/mail, newest first, and /dev/mail/{file} (raw .eml). They hold password
 * reset links, so they are served in development only (404 with APP_ENV staging or production) and only to a browser
 * on this machine (`isLocal`: a loopback client, not through a proxy). Mounted by the site server (not under /api).
 */
export function devMailRoutes(
  env: Pick<ServerEnv, "APP_ENV" | "DATA_DIR" | "PRODUCT_NAME">,
  isLocal: LocalRequestCheck,
) {
  const app = new Hono();
  app.use("*", async (c, next) => {
    if (env.APP_ENV !== "development" || !isLocal(c)) return c.text("Not found", 404);
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    await next();
  });

  app.get("/", async (c) => {
    const mails = await listStoredMails(env.DATA_DIR);
    const rows = mails
      .map(
        (m) => `<li>
  <a href="/dev/mail/${escapeHtml(m.file)}">${escapeHtml(m.subject || m.file)}</a>
  <span class="meta">to ${escapeHtml(m.to)} · <time datetime="${escapeHtml(m.created_at)}">${escapeHtml(m.created_at)}</time></span>
  ${m.links.length ? `<ul class="links">${m.links.map((l) => `<li><a class="mail-link" href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join("")}</ul>` : ""}
</li>`,
      )
      .join("\n");
    const title = `${escapeHtml(env.PRODUCT_NAME)} — mails`;
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
li{margin:.75rem 0}.meta{display:block;color:#6b7280;font-size:.875rem}.links{font-size:.875rem;word-break:break-all}</style>
</head><body>
<h1>${title}</h1>
<p>Mails written to the mail folder because no SMTP_URL is set. Newest first.</p>
${mails.length ? `<ol id="mails">\n${rows}\n</ol>` : "<p>No mails yet.</p>"}
</body></html>`);
  });

  app.get("/:file", async (c) => {
    const raw = await readStoredMail(env.DATA_DIR, c.req.param("file"));
    if (!raw) return c.text("Not found", 404);
    // text/plain so a browser shows the message instead of downloading it.
    return c.body(new Uint8Array(raw), 200, { "Content-Type": "text/plain; charset=utf-8" });
  });
  return app;
}
