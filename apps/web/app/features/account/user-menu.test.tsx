import { ROLE } from "@camatlas/shared";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "../../lib/session/current-user.ts";
import { UserMenu } from "./user-menu.tsx";

function render(currentUser: CurrentUser | null, path = "/models?page=2") {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ currentUser }),
      children: [{ path: "models", Component: UserMenu }],
    },
  ]);
  return renderToString(
    <Stub initialEntries={[path]} hydrationData={{ loaderData: { root: { currentUser } } }} />,
  );
}

const member = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 7,
  nick_name: "luna_fan",
  full_name: "Luna Fan",
  avatar_path: null,
  role_id: ROLE.camfan,
  is_admin: false,
  unread_notifications: 0,
  ...over,
});

describe("UserMenu", () => {
  it("offers guests Log in (coming back to this page) and Register", () => {
    const html = render(null);
    expect(html).toContain('href="/login?redirect=%2Fmodels%3Fpage%3D2"');
    expect(html).toContain('href="/register"');
    expect(html).not.toContain("Log out");
  });

  it("shows a signed-in user their menu: account, public profile, log out (POST); no admin link", () => {
    const html = render(member({ unread_notifications: 3 }));
    expect(html).toContain('aria-label="Account menu of luna_fan"');
    expect(html).toContain('href="/account"');
    expect(html).toContain('href="/users/luna_fan"');
    expect(html).toContain(`action="/logout" method="post"`);
    expect(html).not.toContain('href="/admin"');
    expect(html).toContain('3<span class="sr-only"> unread notifications</span>');
  });

  it("adds the Admin link for admins", () => {
    expect(render(member({ role_id: ROLE.admin, is_admin: true }))).toContain('href="/admin"');
  });
});
