import { Link, type LinkProps } from "react-router";

/** The look of one link in a row of section or filter links: the current one filled, the others quiet. */
export function navPillClass(active: boolean, className?: string) {
  return [
    "rounded-md px-3 py-1.5 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-focus",
    active ? "bg-primary text-on-primary" : "text-ink-soft hover:bg-line-soft",
    className ?? "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** A link in a row of filters or sections; the current one is marked with aria-current="page". */
export function NavPill({
  active,
  className,
  ...link
}: Omit<LinkProps, "className"> & { active: boolean; className?: string }) {
  return (
    <Link {...link} aria-current={active ? "page" : undefined} className={navPillClass(active, className)} />
  );
}
