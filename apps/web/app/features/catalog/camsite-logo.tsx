/** A camsite's logo, or its initial on a tinted square when no logo was uploaded. */
export function CamsiteLogo({
  camsite,
  size = 32,
}: {
  camsite: { name: string; logo_path?: string | null };
  size?: number;
}) {
  if (camsite.logo_path)
    return (
      <img
        src={camsite.logo_path}
        alt=""
        width={size}
        height={size}
        className="shrink-0 rounded-md bg-surface object-contain ring-1 ring-line-soft"
        style={{ width: size, height: size }}
      />
    );
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-md bg-primary-soft font-bold text-accent ring-1 ring-accent/25"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.45) }}
    >
      {camsite.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
