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
    route("settings", "routes/admin/settings.tsx"),
    route("pages", "routes/admin/pages.tsx"),
    route("pages/new", "routes/admin/page-edit.tsx", { id: "admin-page-new" }),
    route("pages/:id", "routes/admin/page-edit.tsx"),
    route("featured-models", "routes/admin/featured-models.tsx"),
    route("adblock", "routes/admin/adblock.tsx"),
  ]),
  // Public shell: the age gate's form, SEO files, areas whose content comes later, legacy addresses (301)
  route("age-gate", "routes/age-gate.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("stats", "routes/stats.tsx"),
  route("stats/:camsite/:nickname", "routes/stats-nickname.tsx"),
  route("reviews", "routes/reviews.tsx"),
  route("reviews/:postName", "routes/content-detail.tsx", { id: "review-post" }),
  route("forum", "routes/forum.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/content-detail.tsx", { id: "blog-post" }),
  route("news", "routes/news.tsx"),
  route("news/:slug", "routes/content-detail.tsx", { id: "news-post" }),
  route("camsites/visit/site/:id", "routes/legacy-redirect.tsx", { id: "legacy-camsite" }),
  route("camsites/visit/profile/:camsiteId/:modelName", "routes/legacy-redirect.tsx", {
    id: "legacy-profile-page",
  }),
  route("comment/read/:id", "routes/legacy-redirect.tsx", { id: "legacy-comment" }),
  route(":camsite/model/:nickname/dataJSON", "routes/legacy-redirect.tsx", { id: "legacy-data-json" }),
  route("pic/:id", "routes/legacy-redirect.tsx", { id: "legacy-picture" }),
  route("not-found", "routes/not-found.tsx", { id: "not-found-page" }),
  route(":pageSlug", "routes/static-page.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
