import { useLocation } from "react-router";
import { type Theme, themeCookie } from "./theme-cookie.ts";

/**
 * The header's light/dark switch. A form posting to /theme (works without JavaScript: the server sets the cookie
 * and returns to the page); with JavaScript the cookie is written in place and the page switches at once.
 * Both buttons are rendered and app.css shows the one that leads away from the theme in effect, so the right
 * one shows even before any choice (when only the browser's preference decides).
 */
export function ThemeToggle() {
  const location = useLocation();

  function choose(event: React.MouseEvent<HTMLButtonElement>, theme: Theme) {
    event.preventDefault();
    // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie the server reads on the next request
    document.cookie = themeCookie(theme, window.location.protocol === "https:");
    document.documentElement.dataset.theme = theme;
  }

  return (
    <form method="post" action="/theme" className="contents">
      <input type="hidden" name="redirect_to" value={`${location.pathname}${location.search}`} />
      <ThemeButton theme="light" className="light:hidden" onClick={(e) => choose(e, "light")} />
      <ThemeButton theme="dark" className="hidden light:inline-flex" onClick={(e) => choose(e, "dark")} />
    </form>
  );
}

const LABEL: Record<Theme, string> = { light: "Switch to light theme", dark: "Switch to dark theme" };

function ThemeButton({
  theme,
  className,
  onClick,
}: {
  theme: Theme;
  className: string;
  onClick: (event: React.MouseEvent<HTMLButtonElement>) => void;
}) {
  return (
    <button
      type="submit"
      name="theme"
      value={theme}
      aria-label={LABEL[theme]}
      title={LABEL[theme]}
      onClick={onClick}
      className={`${className} size-9 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-surface-muted hover:text-ink`}
    >
      {theme === "light" ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}

function SunIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />
    </svg>
  );
}
