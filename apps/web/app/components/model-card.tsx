import type { ModelCardFact } from "@camatlas/shared/api-contract";
import type { ModelCard as ModelCardData } from "@camatlas/shared/schemas/model-card";
import { Link } from "react-router";
import { liveStatusOf, ratingText } from "../features/catalog/catalog-labels.ts";
import { FollowButton } from "../features/follows/follow-button.tsx";
import { CardUsualOnline } from "../features/models/card-usual-online.tsx";
import { BlurImage } from "./ui/blur-image.tsx";
import { cardClass } from "./ui/card.tsx";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("");
}

/**
 * What a card shows of a model. Page loaders send this rather than her whole card (every nickname with its camsite
 * and links): a page's data is written into its HTML and read again by the browser before it hydrates.
 */
export type ModelCardView = Pick<
  ModelCardData,
  | "id"
  | "slug"
  | "name"
  | "avatar_path"
  | "avatar_placeholder"
  | "is_verified"
  | "age"
  | "country"
  | "rating"
  | "rating_votes"
> & {
  /** Streaming on some camsite now. */
  live: boolean;
  /** Her camsites' names, once each. */
  camsites: string[];
};

export function modelCardView(model: ModelCardData): ModelCardView {
  const { id, slug, name, avatar_path, avatar_placeholder, is_verified, age, country, rating, rating_votes } =
    model;
  return {
    id,
    slug,
    name,
    avatar_path,
    avatar_placeholder,
    is_verified,
    age,
    country,
    rating,
    rating_votes,
    live: model.nicknames.some((n) => liveStatusOf(n.activity_status_id, n.cam_site_id).streaming),
    camsites: [...new Set(model.nicknames.map((n) => n.cam_site.name))],
  };
}

/** A model in a grid (a list item): picture, name, age and country, rating, camsites, live dot. */
export function ModelCard({
  model,
  tags,
  eager = false,
  facts: extras,
  signedIn = false,
}: {
  model: ModelCardView;
  tags?: ReadonlyArray<{ id: number; name: string }>;
  eager?: boolean;
  /** The viewer's extras (usual days and hours, following): with them the card offers Follow. */
  facts?: Pick<ModelCardFact, "hours_utc" | "following"> & Partial<Pick<ModelCardFact, "weekday_hours_utc">>;
  signedIn?: boolean;
}) {
  const { live, camsites } = model;
  const facts = [model.age !== null ? `${model.age}` : null, model.country].filter(Boolean).join(" · ");
  return (
    <li
      className={cardClass({
        padding: "none",
        interactive: true,
        className:
          "group relative flex flex-col overflow-hidden has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-focus",
      })}
    >
      <div className="relative aspect-[4/5] overflow-hidden bg-line-soft">
        {model.avatar_path ? (
          <BlurImage
            src={model.avatar_path}
            placeholder={model.avatar_placeholder}
            alt=""
            width={320}
            height={400}
            loading={eager ? "eager" : "lazy"}
            className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex h-full w-full items-center justify-center bg-gradient-to-br from-primary-soft to-surface-muted text-3xl font-bold text-accent"
          >
            {initials(model.name)}
          </div>
        )}
        <div className="absolute inset-x-2 top-2 flex flex-wrap gap-1">
          {model.is_verified && (
            <span className="rounded-full bg-surface/95 px-2 py-0.5 text-xs font-semibold text-accent">
              ✓ Verified
            </span>
          )}
          {live && (
            <span className="rounded-full bg-positive px-2 py-0.5 text-xs font-semibold text-on-primary">
              ● Live
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="truncate font-semibold text-ink">
          <Link to={`/models/${model.slug}`} className="after:absolute after:inset-0 focus:outline-none">
            {model.name}
          </Link>
        </h3>
        <p className="flex items-center justify-between gap-2 text-xs text-ink-muted">
          <span className="truncate">{facts || "\u00a0"}</span>
          <span className="shrink-0" title={`${model.rating_votes} votes`}>
            <span aria-hidden="true" className="text-star">
              ★
            </span>{" "}
            <span className="sr-only">Rating </span>
            {ratingText(model.rating, model.rating_votes)}
          </span>
        </p>
        <p className="truncate text-xs text-ink-faint">
          {camsites.length === 0
            ? "No camsites yet"
            : `${camsites.slice(0, 3).join(", ")}${camsites.length > 3 ? ` +${camsites.length - 3}` : ""}`}
        </p>
        {tags && tags.length > 0 && (
          <p className="truncate text-xs text-accent">{tags.map((tag) => `#${tag.name}`).join(" ")}</p>
        )}
        {extras && (
          <>
            {extras.hours_utc && (
              <CardUsualOnline usual={{ hoursUtc: extras.hours_utc, weekUtc: extras.weekday_hours_utc }} />
            )}
            {/* Above the card's whole-card link, so it is pressed on its own. */}
            <div className="relative z-10 mt-auto pt-2">
              <FollowButton
                modelId={model.id}
                modelName={model.name}
                following={extras.following}
                signedIn={signedIn}
                size="xs"
              />
            </div>
          </>
        )}
      </div>
    </li>
  );
}
