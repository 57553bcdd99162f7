import MarkdownIt from "markdown-it";

// Static page bodies are markdown written by admins. Raw HTML is off (it shows as text), and markdown-it refuses
// javascript:, vbscript:, file: and data: links, so the HTML it produces is safe to insert as is.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true, breaks: false });

// Links to other sites get rel="nofollow noopener" and open in a new tab; links inside the site stay plain.
const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  if (/^https?:\/\//i.test(String(token.attrGet("href") ?? ""))) {
    token.attrSet("rel", "nofollow noopener");
    token.attrSet("target", "_blank");
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
