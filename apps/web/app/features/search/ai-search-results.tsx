import { AI_SEARCH_TEXT } from "@camatlas/shared/ai-search/search-texts";
import type { AiSearchReply } from "@camatlas/shared/api-contract";
import { Link } from "react-router";
import { BlurImage } from "../../components/ui/blur-image.tsx";
import { liveStatusOf, ratingText } from "../catalog/catalog-labels.ts";

type Model = AiSearchReply["data"][number];

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

/** One model found: her name and facts, and her latest snapshots in a row. */
function AiResultCard({ model }: { model: Model }) {
  const live = model.nicknames.some((n) => liveStatusOf(n.activity_status_id, n.cam_site_id).streaming);
  const camsites = [...new Set(model.nicknames.map((n) => n.cam_site.name))];
  const facts = [model.age !== null ? `${model.age}` : null, model.country, ...camsites.slice(0, 3)]
    .filter(Boolean)
    .join(" · ");
  return (
    <li className="min-w-0 rounded-card border border-line-soft bg-surface p-3 shadow-card sm:p-4">
      <div className="flex items-center gap-3">
        {model.avatar_path ? (
          <BlurImage
            src={model.avatar_path}
            placeholder={model.avatar_placeholder}
            alt=""
            width={48}
            height={48}
            className="size-12 shrink-0 rounded-full object-cover"
            loading="lazy"
          />
        ) : (
          <span aria-hidden="true" className="size-12 shrink-0 rounded-full bg-surface-muted" />
        )}
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold">
            <Link to={`/models/${model.slug}`} className="text-ink hover:text-accent hover:underline">
              {model.name}
            </Link>
            {live && (
              <span className="ml-2 rounded-full bg-live-soft px-2 py-0.5 align-middle text-xs font-semibold text-live">
                ● Live
              </span>
            )}
          </h3>
          <p className="relative truncate text-xs text-ink-muted">
            {facts || "\u00a0"} · <span className="sr-only">Rating </span>★{" "}
            {ratingText(model.rating, model.rating_votes)}
          </p>
        </div>
      </div>
      {model.snapshots.length > 0 ? (
        <ul aria-label={AI_SEARCH_TEXT.snapshots(model.name)} className="mt-3 grid grid-cols-4 gap-1.5">
          {model.snapshots.map((snapshot) =>
            snapshot.url ? (
              <li key={snapshot.id} className="aspect-[4/3] overflow-hidden rounded-md bg-surface-muted">
                <BlurImage
                  src={snapshot.url}
                  placeholder={snapshot.placeholder}
                  alt={AI_SEARCH_TEXT.snapshotAlt(model.name, dateText(snapshot.taken_at))}
                  width={320}
                  height={240}
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              </li>
            ) : null,
          )}
        </ul>
      ) : (
        <p className="mt-3 text-xs text-ink-faint">{AI_SEARCH_TEXT.noSnapshots}</p>
      )}
    </li>
  );
}

export function AiSearchResults({ models }: { models: Model[] }) {
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="ai-results">
      {models.map((model) => (
        <AiResultCard key={model.id} model={model} />
      ))}
    </ul>
  );
}
