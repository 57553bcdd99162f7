import type { ComponentProps } from "react";
import { Link, type LinkProps } from "react-router";

// The site's buttons: one look per variant and size, as a <button>, a router <Link> (`to`) or a plain
// <a> (`href`, for addresses outside the app such as downloads). Colours come from the theme tokens in app.css.

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost" | "positive";
export type ButtonSize = "xs" | "sm" | "md" | "lg";

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width of its container. */
  block?: boolean;
  className?: string;
}

const BASE =
  "inline-flex items-center justify-center gap-1.5 rounded-md font-semibold focus:outline-none " +
  "focus-visible:ring-2 focus-visible:ring-focus focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-70";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-primary text-on-primary shadow-sm hover:bg-primary-hover",
  secondary: "border border-line bg-surface text-ink-soft hover:bg-surface-muted",
  danger: "text-danger hover:bg-danger-soft",
  ghost: "text-ink-soft hover:bg-surface-muted",
  /** An approving action next to a rejecting one (moderation queues). */
  positive: "bg-positive text-on-primary shadow-sm hover:bg-positive-hover",
};

const SIZES: Record<ButtonSize, string> = {
  xs: "px-2 py-1 text-sm",
  sm: "px-3 py-1.5 text-sm",
  md: "px-4 py-2 text-sm",
  lg: "px-5 py-2.5",
};

/** The class list of a button look, for elements that cannot be a <Button> (e.g. a NavLink or a file label). */
export function buttonClass({
  variant = "primary",
  size = "md",
  block = false,
  className,
}: ButtonStyle = {}) {
  return [BASE, VARIANTS[variant], SIZES[size], block ? "w-full" : "", className ?? ""]
    .filter(Boolean)
    .join(" ");
}

type NativeButtonProps = ButtonStyle &
  Omit<ComponentProps<"button">, "className" | "type"> & {
    /** Always said, so a button in a form never submits by accident. */
    type: "button" | "submit" | "reset";
    to?: undefined;
    href?: undefined;
  };
type RouterLinkProps = ButtonStyle & Omit<LinkProps, "className"> & { href?: undefined };
type AnchorProps = ButtonStyle & Omit<ComponentProps<"a">, "className"> & { href: string; to?: undefined };

export type ButtonProps = NativeButtonProps | RouterLinkProps | AnchorProps;

/** A button; given `to` it is a router link, given `href` a plain link, looking the same. */
export function Button(props: ButtonProps) {
  if (props.to !== undefined) {
    const { variant, size, block, className, ...link } = props;
    return <Link {...link} className={buttonClass({ variant, size, block, className })} />;
  }
  if (props.href !== undefined) {
    const { variant, size, block, className, children, ...anchor } = props;
    return (
      <a {...anchor} className={buttonClass({ variant, size, block, className })}>
        {children}
      </a>
    );
  }
  const { variant, size, block, className, type, ...button } = props;
  return <button type={type} {...button} className={buttonClass({ variant, size, block, className })} />;
}
