import { blurPlaceholder } from "@camatlas/shared";

// A post's cover in a box of fixed ratio, so nothing moves while it loads. Its BlurHash, decoded while the page is
// rendered into a tiny bitmap, is the box's background until the image paints over it: no canvas, no script.

export function PostCover({
  src,
  blurhash,
  alt = "",
  eager = false,
  className = "",
}: {
  src: string;
  blurhash: string | null;
  alt?: string;
  eager?: boolean;
  className?: string;
}) {
  const placeholder = blurPlaceholder(blurhash);
  return (
    <div
      className={`relative overflow-hidden bg-surface-muted bg-cover bg-center ${className}`}
      style={placeholder ? { backgroundImage: `url("${placeholder}")` } : undefined}
    >
      <img
        src={src}
        alt={alt}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="relative h-full w-full object-cover"
      />
    </div>
  );
}
