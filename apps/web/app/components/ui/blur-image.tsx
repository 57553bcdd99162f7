import type { ImgHTMLAttributes } from "react";

/**
 * A picture that shows its blur placeholder (a tiny data URL the API decoded from the image's BlurHash) as its own
 * background until the file paints over it: no script, no canvas. Give width and height (or a sized box) so the
 * page does not move when it arrives. For opaque pictures only: a transparent one would show the blur through.
 */
export function BlurImage({
  placeholder,
  style,
  alt,
  ...image
}: ImgHTMLAttributes<HTMLImageElement> & { placeholder: string | null | undefined; alt: string }) {
  const background = placeholder
    ? {
        backgroundImage: `url("${placeholder}")`,
        backgroundSize: "cover",
        backgroundPosition: "center",
      }
    : null;
  return <img {...image} alt={alt} style={background ? { ...background, ...style } : style} />;
}
