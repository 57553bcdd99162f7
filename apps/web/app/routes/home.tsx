import { PAGE_DEFAULTS, PAGE_SIZE, productText } from "@camatlas/shared";
import { MODEL_CARD_FACTS_MAX, modelCardFactsEndpoints, modelEndpoints } from "@camatlas/shared/api-contract";
import { BlurImage } from "../components/ui/blur-image.tsx";
import { EmptyState } from "../components/ui/empty-state.tsx";
import { BannerSlot, readBanners } from "../features/home/banners.tsx";
import { Carousel, CarouselItem } from "../features/home/carousel.tsx";
import { type FeaturedModel, featuredImage, fetchFeaturedModels } from "../features/home/featured-models.ts";
import { HomeHero } from "../features/home/home-hero.tsx";
import { HomeNumbers } from "../features/home/home-numbers.tsx";
import { HomeSection } from "../features/home/home-section.tsx";
import { ModelTile, modelTileData } from "../features/home/model-tile.tsx";
import {
  fetchSiteSettings,
  homeNumbers,
  homeSettings,
  showDefaultFeaturedImage,
} from "../features/home/site-settings.ts";
import { fetchHomePosts } from "../features/posts/home-posts.server.ts";
import { PostTeaserCard, PostTeaserGrid } from "../features/posts/post-teaser-card.tsx";
import { loadStories, storyFlags } from "../features/stories/story-loads.ts";
import { StoryRail } from "../features/stories/story-rail.tsx";
import { apiLoad } from "../lib/errors/loader-errors.ts";
import { apiContext, configContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import type { Route } from "./+types/home";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

export async function loader({ context, request }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const flags = storyFlags(context.get(configContext));
  const [{ settings, placeholders }, featured, carousel, homePosts, live] = await Promise.all([
    fetchSiteSettings(api),
    fetchFeaturedModels(api),
    apiLoad(
      api.call(modelEndpoints.list, {
        query: { per_page: PAGE_SIZE.modelsCarousel, order_by: "last_activity", desc: true },
      }),
    ),
    fetchHomePosts(api),
    // Every visible model's live stories, for the rail (behind the `stories` flag).
    loadStories(api, flags, {}, request),
  ]);
  const showDefaultImage = showDefaultFeaturedImage(settings);
  // Until admins pick featured models, the best-rated ones stand in so the section is never empty.
  const featuredModels: FeaturedModel[] =
    featured.length > 0
      ? featured.slice(0, PAGE_SIZE.featuredModels)
      : (
          await apiLoad(
            api.call(modelEndpoints.list, {
              query: { per_page: PAGE_SIZE.featuredModels, order_by: "rating", desc: true },
            }),
          )
        ).data.map((model) => ({ id: model.id, model, image: null, image_placeholder: null }));
  // When each tile's model usually streams: one read for the page's tiles, never a reason for the page to fail.
  const ids = [
    ...new Set([...featuredModels.map((item) => item.model.id), ...carousel.data.map((m) => m.id)]),
  ];
  const facts =
    ids.length === 0
      ? []
      : await api
          .call(modelCardFactsEndpoints.list, { query: { ids: ids.slice(0, MODEL_CARD_FACTS_MAX) } })
          .then((reply) => reply.data)
          .catch(() => []);
  return {
    home: homeSettings(settings, placeholders),
    usualHours: Object.fromEntries(
      facts.flatMap((f) =>
        f.hours_utc ? [[f.id, { hoursUtc: f.hours_utc, weekUtc: f.weekday_hours_utc }]] : [],
      ),
    ),
    numbers: homeNumbers(settings),
    banners: readBanners(settings),
    numbersTitle: productText(PAGE_DEFAULTS.homeNumbersTitle, context.get(configContext).productName),
    featured: featuredModels.map((item) => ({
      model: modelTileData(item.model),
      image: featuredImage(item, showDefaultImage),
      imagePlaceholder: item.image ? item.image_placeholder : null,
    })),
    carousel: carousel.data.map(modelTileData),
    stories: live.stories,
    vidstack: flags.vidstack,
    reviews: homePosts.reviews,
    posts: homePosts.posts,
  };
}

export function meta(args: Route.MetaArgs) {
  const home = args.loaderData?.home;
  return seo(args, {
    title: home?.title ?? PAGE_DEFAULTS.homeTitle,
    description: home?.subheading ?? PAGE_DEFAULTS.homeSubheading,
    image: home?.header_image,
    path: "/",
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const {
    home,
    featured,
    carousel,
    reviews,
    posts,
    numbers,
    numbersTitle,
    banners,
    stories,
    vidstack,
    usualHours,
  } = loaderData;
  return (
    <div className="space-y-14 pb-4">
      <HomeHero home={home} />
      {stories.length > 0 && (
        <section aria-label="Stories" className="-mt-8">
          <StoryRail stories={stories} label="Models' stories" vidstack={vidstack} />
        </section>
      )}
      <BannerSlot banners={banners} placement="home_top" />

      <HomeSection id="featured-models" title="Featured models" more={{ to: "/models", label: "All models" }}>
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-5">
          {featured.map((item, index) => (
            <li key={item.model.id}>
              <ModelTile
                model={item.model}
                image={item.image}
                imagePlaceholder={item.imagePlaceholder}
                eager={index < 2}
                usual={usualHours[item.model.id]}
              />
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection id="recent-models" title="Recently online">
        {carousel.length > 0 ? (
          <Carousel label="Recently online models">
            {carousel.map((model) => (
              <CarouselItem key={model.id}>
                <ModelTile model={model} image={model.avatar_path} usual={usualHours[model.id]} />
              </CarouselItem>
            ))}
          </Carousel>
        ) : (
          <EmptyState title="No models yet" />
        )}
      </HomeSection>

      <HomeSection
        id="latest-reviews"
        title="Reviews"
        more={{ to: "/reviews", label: "All reviews", reloadDocument: true }}
      >
        {reviews.length > 0 ? (
          <Carousel label="Reviews">
            {reviews.map((review) => (
              <li key={review.id} className="w-64 shrink-0 snap-start sm:w-72">
                <PostTeaserCard post={review} headingLevel={3} />
              </li>
            ))}
          </Carousel>
        ) : (
          <EmptyState title="No reviews yet" text="Reviews of models and camsites will appear here." />
        )}
      </HomeSection>

      <HomeSection
        id="latest-posts"
        title="Latest posts"
        more={{ to: "/blog", label: "Blog", reloadDocument: true }}
      >
        {posts.length > 0 ? (
          <PostTeaserGrid posts={posts} headingLevel={3} />
        ) : (
          <EmptyState title="No posts yet" text="News and blog posts will appear here." />
        )}
      </HomeSection>

      <BannerSlot banners={banners} placement="home_bottom" />
      <HomeNumbers title={numbersTitle} numbers={numbers} />

      {home.footer_image && (
        <div className="relative left-1/2 -mb-6 w-screen -translate-x-1/2">
          <BlurImage
            src={home.footer_image}
            placeholder={home.footer_placeholder}
            alt=""
            width={1920}
            height={480}
            loading="lazy"
            className="h-40 w-full object-cover sm:h-56 lg:h-72"
          />
        </div>
      )}
    </div>
  );
}
