import { blurPlaceholder } from "@camatlas/shared";

// A BlurHash as the backdrop of its positioned parent: a tiny bitmap data URL, stretched and smoothed by the browser,
// behind an image or video until it has loaded. Decoded while the page is rendered: no canvas, no decoder download.

export function BlurBackdrop({ hash, className = "" }: { hash: string | null; className?: string }) {
  const placeholder = blurPlaceholder(hash);
  if (!placeholder) return null;
  return (
    <span
      aria-hidden="true"
      className={`absolute inset-0 bg-cover bg-center ${className}`}
      style={{ backgroundImage: `url("${placeholder}")` }}
    />
  );
}
