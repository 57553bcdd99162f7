import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The one route table of the site (URL scheme of the product).
export default [
  index("routes/home.tsx"),
  route("models", "routes/models.tsx"),
  route("models/:slug", "routes/model.tsx"),
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
