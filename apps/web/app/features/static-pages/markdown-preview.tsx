import { productText } from "@camatlas/shared";
import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";

type Render = (markdown: string) => string;
let renderer: Promise<Render> | undefined;

/** markdown-it with raw HTML shown as text, like the API renders page bodies; loaded only when previewing. */
function loadRenderer(): Promise<Render> {
  renderer ??= import("markdown-it").then(({ default: MarkdownIt }) => {
    const md = new MarkdownIt({ html: false, linkify: true, typographer: true });
    return (markdown: string) => md.render(markdown);
  });
  return renderer;
}

export function MarkdownPreview({ markdown }: { markdown: string }) {
  const [html, setHtml] = useState<string | null>(null);
  // The API fills in `{product}` when it renders; the preview does the same.
  const productName = (useRouteLoaderData("root") as { productName?: string } | undefined)?.productName;
  useEffect(() => {
    let live = true;
    loadRenderer().then((render) => {
      if (live) setHtml(render(productText(markdown, productName)));
    });
    return () => {
      live = false;
    };
  }, [markdown, productName]);
  if (html === null) return <p className="text-sm text-ink-faint">Rendering preview…</p>;
  if (markdown.trim() === "") return <p className="text-sm text-ink-faint">Nothing to preview.</p>;
  return (
    <div
      className="prose-page"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it with html disabled escapes raw HTML
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
