import { pageEndpoints } from "@camatlas/shared/api-contract";
import { Card } from "../components/ui/card.tsx";
import { fetchSettings, notFoundTexts } from "../features/home/site-settings.ts";
import { ContactAddresses } from "../features/static-pages/contact-addresses.tsx";
import { ApiResponseError } from "../lib/api-client.ts";
import { notFound, throwLoaderError } from "../lib/errors/loader-errors.ts";
import { apiContext, configContext } from "../lib/load-context.ts";
import { RichHtml } from "../lib/navigation/rich-html.tsx";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/static-page";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

// Admin-managed pages at /{pageSlug} (About, Terms, Privacy, DMCA, Contact, …).
export async function loader({ params, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  try {
    const page = await api.call(pageEndpoints.bySlug, { params: { slug: params.pageSlug } });
    return { page, siteUrl: context.get(configContext).publicUrl };
  } catch (error) {
    if (error instanceof ApiResponseError && error.status === 404)
      notFound(notFoundTexts(await fetchSettings(api)));
    throwLoaderError(error);
  }
}

export function meta(args: Route.MetaArgs) {
  const page = args.loaderData?.page;
  if (!page) return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
  return seo(args, {
    title: page.meta_title || page.title,
    description: page.meta_description,
    path: `/${page.slug}`,
    type: "article",
  });
}

export default function StaticPageView({ loaderData }: Route.ComponentProps) {
  const { page, siteUrl } = loaderData;
  return (
    <Card as="article" padding="none" className="mx-auto max-w-3xl px-6 py-10 sm:px-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{page.title}</h1>
      <RichHtml html={page.body_html} siteUrl={siteUrl} className="prose-page mt-6" />
      <ContactAddresses addresses={page.contact_addresses} />
    </Card>
  );
}
