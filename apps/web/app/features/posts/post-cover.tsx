import { BLUR_PLACEHOLDER_SIZE } from "@camatlas/shared";
import { useEffect, useRef, useState } from "react";

// A post's cover in a box of fixed ratio, so nothing moves while it loads. With JavaScript its BlurHash is decoded
// (at the spec's 100 × 100) into a canvas behind the image until the image has loaded; the decoder is loaded
// only when a cover needs it.

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
  const canvas = useRef<HTMLCanvasElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (image.current?.complete) setLoaded(true);
  }, []);

  useEffect(() => {
    if (!blurhash || loaded) return;
    let cancelled = false;
    import("blurhash")
      .then(({ decode, isBlurhashValid }) => {
        const target = canvas.current;
        if (cancelled || !target || !isBlurhashValid(blurhash).result) return;
        const size = BLUR_PLACEHOLDER_SIZE;
        const pixels = decode(blurhash, size, size);
        const context = target.getContext("2d");
        if (!context) return;
        const data = context.createImageData(size, size);
        data.data.set(pixels);
        context.putImageData(data, 0, 0);
      })
      .catch(() => {
        // The placeholder is a nicety: the image still loads.
      });
    return () => {
      cancelled = true;
    };
  }, [blurhash, loaded]);

  return (
    <div className={`relative overflow-hidden bg-surface-muted ${className}`}>
      {blurhash && !loaded && (
        <canvas
          ref={canvas}
          width={BLUR_PLACEHOLDER_SIZE}
          height={BLUR_PLACEHOLDER_SIZE}
          className="absolute inset-0 h-full w-full"
        />
      )}
      <img
        ref={image}
        src={src}
        alt={alt}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        onLoad={() => setLoaded(true)}
        className="relative h-full w-full object-cover"
      />
    </div>
  );
}
