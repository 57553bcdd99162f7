import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The one route table of the site (URL scheme of the product).
export default [
  index("routes/home.tsx"),
  route("models", "routes/models.tsx"),
  route("models/:slug", "routes/model.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
