import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useCurrentUser } from "../../lib/session/current-user.ts";
import { loginPath, rememberVisitedPage } from "../../lib/session/return-to.ts";
import { Avatar } from "./avatar.tsx";

/**
 * The header's account corner. Guests: Log in (coming back to this page) and Register. Signed-in users: their
 * avatar and nick name opening a menu with Account, their public profile, Admin (admins) and Log out.
 * The menu is a <details> element, so it opens without JavaScript too.
 */
export function UserMenu() {
  const user = useCurrentUser();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const menu = useRef<HTMLDetailsElement>(null);

  // Spec §2: the page visited before login is stored locally.
  useEffect(() => {
    rememberVisitedPage(here, window.localStorage);
  }, [here]);

  // Close the menu on navigation, on Escape and on a click elsewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every change of address
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [here]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && menu.current?.open) {
        menu.current.open = false;
        menu.current.querySelector("summary")?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (menu.current?.open && !menu.current.contains(event.target as Node)) menu.current.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, []);

  if (!user) {
    return (
      <div className="flex items-center gap-2 text-sm sm:gap-3">
        <Link to={loginPath(here)} className="font-medium text-ink-soft hover:text-accent">
          Log in
        </Link>
        <Button to="/register" size="sm">
          Register
        </Button>
      </div>
    );
  }

  const item =
    "block w-full px-4 py-2 text-left text-sm text-ink-soft hover:bg-surface-muted focus:bg-surface-muted focus:outline-none";
  return (
    <details ref={menu} className="relative">
      <summary
        aria-label={`Account menu of ${user.nick_name}`}
        className="flex cursor-pointer list-none items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-ink hover:bg-surface-muted focus:outline-none focus-visible:ring-2 focus-visible:ring-focus [&::-webkit-details-marker]:hidden"
      >
        <Avatar src={user.avatar_path} name={user.nick_name} size={28} />
        <span className="max-w-32 truncate">{user.nick_name}</span>
        {user.unread_notifications > 0 && (
          <Badge className="px-1.5 py-0">
            {user.unread_notifications}
            <span className="sr-only"> unread notifications</span>
          </Badge>
        )}
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current text-ink-faint">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-52 overflow-hidden rounded-lg border border-line bg-surface-raised py-1 shadow-overlay">
        <ul aria-label="Account">
          <li>
            <Link to="/account" className={item}>
              Account
            </Link>
          </li>
          <li>
            <Link to={`/users/${encodeURIComponent(user.nick_name)}`} className={item}>
              Public profile
            </Link>
          </li>
          <li>
            <Link to="/following" className={item}>
              Following
            </Link>
          </li>
          {user.is_admin && (
            <li>
              <Link to="/admin" className={item}>
                Admin
              </Link>
            </li>
          )}
          <li className="border-t border-line-soft">
            <Form method="post" action="/logout">
              <button type="submit" className={item}>
                Log out
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </details>
  );
}
