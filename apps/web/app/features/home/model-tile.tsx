import type { ModelCard } from "@camatlas/shared/schemas/model-card";
import { Link } from "react-router";
import { BlurImage } from "../../components/ui/blur-image.tsx";
import { cardClass } from "../../components/ui/card.tsx";
import { CardUsualOnline } from "../models/card-usual-online.tsx";
import type { UsualSeries } from "../models/usual-hours.ts";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("");
}

/**
 * What a tile shows of a model. The home loader sends this rather than her whole card (every nickname with its
 * camsite and links): the page's data is written into its HTML and read again by the browser before it hydrates.
 */
const TILE_FIELDS = [
  "id",
  "slug",
  "name",
  "avatar_path",
  "avatar_placeholder",
  "is_verified",
  "age",
  "country",
] as const;

export type ModelTileData = Pick<ModelCard, (typeof TILE_FIELDS)[number]> & { camsites: number };

export function modelTileData(model: ModelCard): ModelTileData {
  const shown = Object.fromEntries(TILE_FIELDS.map((field) => [field, model[field]]));
  return { ...(shown as Pick<ModelCard, (typeof TILE_FIELDS)[number]>), camsites: model.nicknames.length };
}

/**
 * A model's picture card; the image may be a featured picture instead of her avatar. `usual` (her online seconds per
 * UTC hour and weekday, from GET /api/model-card-facts) adds "Usually online …" as on the /models cards.
 */
export function ModelTile({
  model,
  image,
  imagePlaceholder = null,
  eager = false,
  usual,
}: {
  model: ModelTileData;
  image: string | null;
  /** The featured picture's own placeholder (her avatar's is on the card). */
  imagePlaceholder?: string | null;
  eager?: boolean;
  usual?: UsualSeries | undefined;
}) {
  const { camsites } = model;
  return (
    <Link
      to={`/models/${model.slug}`}
      className={cardClass({
        padding: "none",
        interactive: true,
        className: "group block overflow-hidden focus-visible:outline-3 focus-visible:outline-focus",
      })}
    >
      <div className="relative aspect-[4/5] overflow-hidden bg-line-soft">
        {image ? (
          <BlurImage
            src={image}
            // Her avatar's placeholder, or the featured picture's own.
            placeholder={image === model.avatar_path ? model.avatar_placeholder : imagePlaceholder}
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
        {model.is_verified && (
          <span className="absolute top-2 left-2 rounded-full bg-surface/90 px-2 py-0.5 text-xs font-semibold text-accent">
            Verified
          </span>
        )}
      </div>
      <div className="p-3">
        <p className="truncate font-semibold text-ink">{model.name}</p>
        <p className="truncate text-xs text-ink-muted">
          {camsites} {camsites === 1 ? "camsite" : "camsites"}
          {model.age !== null ? ` · ${model.age}` : ""}
          {model.country ? ` · ${model.country}` : ""}
        </p>
        {usual && <CardUsualOnline usual={usual} />}
      </div>
    </Link>
  );
}
