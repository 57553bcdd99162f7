import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The one route table of the site (URL scheme of the product).
export default [
  index("routes/home.tsx"),
  route("models", "routes/models.tsx"),
  route("models/:slug", "routes/model.tsx"),
  // Accounts and sessions
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("logout", "routes/logout.tsx"),
  route("auth/forgot-password", "routes/forgot-password.tsx"),
  route("auth/restore-password", "routes/restore-password.tsx"),
  route("account", "routes/account.tsx"),
  route("users/:nickName", "routes/user-profile.tsx"),
  route("profile/:nickname", "routes/legacy-profile.tsx"),
  // Admin area: every admin screen is a child of this layout (add its link in features/admin/admin-nav.ts).
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("users", "routes/admin/users.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
