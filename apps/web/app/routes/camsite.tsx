import { type ModelOrder, PAGE_SIZE } from "@camatlas/shared";
import { camsiteEndpoints, type ModelListCardReply, modelEndpoints } from "@camatlas/shared/api-contract";
import { Link } from "react-router";
import { ModelCard, modelCardView } from "../components/model-card.tsx";
import { Button } from "../components/ui/button.tsx";
import { Card, cardClass } from "../components/ui/card.tsx";
import { CamsiteCounts, ProsCons } from "../features/camsites/camsite-card.tsx";
import { CamsiteMetaText } from "../features/camsites/camsite-meta-text.tsx";
import { renderSeoText } from "../features/camsites/seo-text.server.ts";
import { CamsiteLogo } from "../features/catalog/camsite-logo.tsx";
import { fetchRelatedReviews, RelatedReviewsSection } from "../features/posts/related-reviews.tsx";
import { apiLoad } from "../lib/errors/index.ts";
import { requireFeature } from "../lib/feature-flags/require-feature.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/camsite";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

// /camsites/{slug}: one camsite — its pitch, facts, SEO text, top rated and recently active models. An old slug
// answers with a redirect reply, which the error contract turns into a 301.
export async function loader({ params, context }: Route.LoaderArgs) {
  requireFeature("camsites-page", context);
  const api = context.get(apiContext);
  const camsite = await apiLoad(api.call(camsiteEndpoints.bySlug, { params: { slug: params.slug } }));
  const models = (order_by: ModelOrder) =>
    api
      .call(modelEndpoints.list, {
        query: { cam_site_ids: [camsite.id], order_by, per_page: PAGE_SIZE.camsite },
      })
      .then((reply) => reply.data)
      .catch(() => [] as ModelListCardReply[]);
  const [top, recent, meta, reviews] = await Promise.all([
    models("rating"),
    models("last_activity"),
    api
      .call(camsiteEndpoints.meta, { query: { camsiteId: camsite.id, all: false } })
      .then((reply) => reply.data)
      .catch(() => []),
    fetchRelatedReviews(api, { cam_site_id: camsite.id }),
  ]);
  return { camsite, seoHtml: renderSeoText(camsite.seo_text), top, recent, meta, reviews };
}

export function meta(args: Route.MetaArgs) {
  const camsite = args.loaderData?.camsite;
  if (!camsite) return seo(args, { title: "Camsite", noindex: true });
  return seo(args, {
    title: `${camsite.name} – prices, pros and cons, models`,
    description: camsite.headline ?? `${camsite.name}: prices, advantages, disadvantages and its models.`,
    image: camsite.logo_path,
    path: `/camsites/${camsite.slug}`,
    noindex: !camsite.is_indexed,
  });
}

/** "welcome_bonus" → "Welcome bonus" */
function metaLabel(key: string): string {
  const words = key.replace(/[_.-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function ModelGrid({ title, models, more }: { title: string; models: ModelListCardReply[]; more: string }) {
  if (models.length === 0) return null;
  return (
    <section aria-labelledby={`${more}-title`} className="space-y-3">
      <div className="flex items-baseline justify-between">
        <h2 id={`${more}-title`} className="text-xl font-semibold">
          {title}
        </h2>
        <Link to={more} className="text-sm text-accent hover:underline">
          See all
        </Link>
      </div>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {models.map((model) => (
          <ModelCard key={model.id} model={modelCardView(model)} />
        ))}
      </ul>
    </section>
  );
}

export default function Camsite({ loaderData }: Route.ComponentProps) {
  const { camsite, seoHtml, top, recent, meta, reviews } = loaderData;
  return (
    <article className="space-y-8">
      <p className="text-sm text-ink-faint">
        <Link to="/camsites" className="hover:underline">
          Camsites
        </Link>{" "}
        / {camsite.name}
      </p>
      <header className={cardClass({ padding: "lg", className: "flex flex-col gap-5" })}>
        <div className="flex flex-wrap items-center gap-4">
          <CamsiteLogo camsite={camsite} size={64} />
          <div className="min-w-0 flex-1">
            <h1 className="text-3xl font-bold tracking-tight">{camsite.name}</h1>
            {camsite.headline && <p className="mt-1 text-ink-muted">{camsite.headline}</p>}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {camsite.price_range && (
              <span className="rounded-full bg-warning-soft px-3 py-1 text-sm font-semibold text-warning ring-1 ring-warning/30">
                {camsite.price_range}
              </span>
            )}
            <Button href={camsite.url} target="_blank" rel="nofollow noopener noreferrer">
              Visit {camsite.name} ↗<span className="sr-only"> (opens in a new tab)</span>
            </Button>
            {camsite.can.edit && (
              <Button to={`/admin/camsites/${camsite.id}`} variant="secondary">
                Edit
              </Button>
            )}
          </div>
        </div>
        <CamsiteCounts camsite={camsite} />
        {/* Right under the page's h1. */}
        <ProsCons camsite={camsite} heading="h2" />
        {meta.length > 0 && (
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            {meta.map((item) => (
              <div key={item.metaKey} className="flex justify-between gap-3 border-b border-line-soft py-1.5">
                <dt className="text-ink-faint">{metaLabel(item.metaKey)}</dt>
                <dd className="font-medium">
                  <CamsiteMetaText camsiteId={camsite.id} metaKey={item.metaKey} initial={item.metaValue} />
                </dd>
              </div>
            ))}
          </dl>
        )}
      </header>

      <ModelGrid title="Top rated models" models={top} more={`/models?camsite=${camsite.id}&order=rating`} />
      <ModelGrid
        title="Recently active"
        models={recent}
        more={`/models?camsite=${camsite.id}&order=last_activity`}
      />

      {reviews.total > 0 && (
        <RelatedReviewsSection data={reviews} subject={camsite.name} headingId="camsite-reviews" />
      )}

      {seoHtml && (
        <Card as="section" aria-label={`About ${camsite.name}`} padding="lg">
          <div
            className="prose-page max-w-3xl"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server by markdown-it with raw HTML off
            dangerouslySetInnerHTML={{ __html: seoHtml }}
          />
        </Card>
      )}
    </article>
  );
}
