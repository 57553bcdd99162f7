import { configContext } from "../lib/load-context.ts";
import { robotsTxt } from "../lib/seo/sitemap.ts";
import type { Route } from "./+types/robots-txt";

export function loader({ context }: Route.LoaderArgs) {
  const config = context.get(configContext);
  return new Response(robotsTxt(config.publicUrl, config.appEnv === "production"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
