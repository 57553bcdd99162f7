import { data } from "react-router";
import { NotFoundView } from "../components/not-found-view.tsx";
import { fetchSettings, notFoundTexts } from "../features/home/site-settings.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/not-found";

// /not-found and every unknown address: the not-found page at the requested address, status 404.
export async function loader({ context }: Route.LoaderArgs) {
  const texts = notFoundTexts(await fetchSettings(context.get(apiContext)));
  return data({ texts }, { status: 404 });
}

export function meta(args: Route.MetaArgs) {
  return seo(args, { title: args.loaderData?.texts?.title || "Page not found", noindex: true });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <NotFoundView {...loaderData.texts} />;
}
