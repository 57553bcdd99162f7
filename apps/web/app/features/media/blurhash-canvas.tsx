import { BLUR_PLACEHOLDER_SIZE } from "@camatlas/shared";
import { useEffect, useRef } from "react";

// A BlurHash decoded (at the spec's 100 × 100) into a canvas that fills its positioned parent: the placeholder
// behind an image or video until it has loaded. The decoder is loaded only when a placeholder shows.

export function BlurhashCanvas({ hash, className = "" }: { hash: string | null; className?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!hash) return;
    let cancelled = false;
    import("blurhash")
      .then(({ decode, isBlurhashValid }) => {
        const target = canvas.current;
        if (cancelled || !target || !isBlurhashValid(hash).result) return;
        const size = BLUR_PLACEHOLDER_SIZE;
        const context = target.getContext("2d");
        if (!context) return;
        const data = context.createImageData(size, size);
        data.data.set(decode(hash, size, size));
        context.putImageData(data, 0, 0);
      })
      .catch(() => {
        // A placeholder is a nicety: the media still loads.
      });
    return () => {
      cancelled = true;
    };
  }, [hash]);
  if (!hash) return null;
  return (
    <span aria-hidden="true" className={`absolute inset-0 ${className}`}>
      <canvas
        ref={canvas}
        width={BLUR_PLACEHOLDER_SIZE}
        height={BLUR_PLACEHOLDER_SIZE}
        className="h-full w-full"
      />
    </span>
  );
}
