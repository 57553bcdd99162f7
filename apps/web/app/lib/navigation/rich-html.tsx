import { useNavigate } from "react-router";
import { absolutizeInternalLinks, internalPath } from "./absolute-links.ts";

/**
 * Server-rendered HTML (static pages, admin texts) with the site's own links made absolute; clicks on those links
 * still navigate inside the app. The HTML must already be safe (the API sanitises markdown output).
 */
export function RichHtml({
  html,
  siteUrl,
  className,
}: {
  html: string;
  siteUrl: string;
  className?: string;
}) {
  const navigate = useNavigate();
  function onClick(event: React.MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const anchor = (event.target as HTMLElement).closest("a");
    if (!anchor || anchor.target || anchor.hasAttribute("download")) return;
    // Links were made absolute on the public address; the browser may be on another name for the same site.
    const path = internalPath(anchor.href, siteUrl) ?? internalPath(anchor.href, window.location.origin);
    if (path === null) return;
    event.preventDefault();
    navigate(path);
  }
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegates clicks of the links inside, which stay keyboard-reachable
    <div
      className={className}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: body_html is sanitised by the API
      dangerouslySetInnerHTML={{ __html: absolutizeInternalLinks(html, siteUrl) }}
    />
  );
}
