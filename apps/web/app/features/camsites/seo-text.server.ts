import MarkdownIt from "markdown-it";

// Camsite SEO texts are markdown written by admins (GET /cam-sites/… returns it raw). Rendered on the server with
// raw HTML disabled, so whatever the text holds, the page gets escaped, safe HTML.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

export function renderSeoText(text: string | null | undefined): string | null {
  if (!text?.trim()) return null;
  return markdown.render(text);
}
