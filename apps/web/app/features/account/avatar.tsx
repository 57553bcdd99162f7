import { BlurImage } from "../../components/ui/blur-image.tsx";

/**
 * A round avatar: the image over its blur placeholder (when the API sent one), or the nick name's first letter on a
 * brand-coloured disc.
 */
export function Avatar({
  src,
  placeholder,
  name,
  size = 40,
  className = "",
}: {
  src: string | null | undefined;
  placeholder?: string | null | undefined;
  name: string;
  size?: number;
  className?: string;
}) {
  const style = { width: size, height: size };
  if (src)
    return (
      <BlurImage
        src={src}
        placeholder={placeholder}
        alt=""
        width={size}
        height={size}
        style={style}
        className={`shrink-0 rounded-full object-cover ${className}`}
      />
    );
  return (
    <span
      aria-hidden="true"
      style={{ ...style, fontSize: Math.max(12, Math.round(size / 2.4)) }}
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-primary font-semibold uppercase text-on-primary ${className}`}
    >
      {name.slice(0, 1) || "?"}
    </span>
  );
}
