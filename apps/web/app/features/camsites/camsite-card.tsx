import type { CamSiteSummaryReply as CamSiteSummary } from "@camatlas/shared/api-contract";
import { Link } from "react-router";
import { Card } from "../../components/ui/card.tsx";
import { CamsiteLogo } from "../catalog/camsite-logo.tsx";
import { formatCount } from "../catalog/catalog-labels.ts";

/** A camsite's advantages and disadvantages; their headings one level below the heading they sit under. */
export function ProsCons({
  camsite,
  heading: Heading = "h3",
}: {
  camsite: Pick<CamSiteSummary, "advantages" | "disadvantages">;
  heading?: "h2" | "h3";
}) {
  if (camsite.advantages.length === 0 && camsite.disadvantages.length === 0) return null;
  return (
    <div className="grid gap-3 text-sm sm:grid-cols-2">
      {camsite.advantages.length > 0 && (
        <div>
          <Heading className="mb-1 font-semibold text-success">Advantages</Heading>
          <ul className="space-y-1">
            {camsite.advantages.map((item) => (
              <li key={item} className="flex gap-2">
                <span aria-hidden="true" className="text-success">
                  ✓
                </span>
                {item}
              </li>
            ))}
          </ul>
        </div>
      )}
      {camsite.disadvantages.length > 0 && (
        <div>
          <Heading className="mb-1 font-semibold text-accent">Disadvantages</Heading>
          <ul className="space-y-1">
            {camsite.disadvantages.map((item) => (
              <li key={item} className="flex gap-2">
                <span aria-hidden="true" className="text-accent">
                  ✕
                </span>
                {item}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

export function CamsiteCounts({ camsite }: { camsite: CamSiteSummary }) {
  const items = [
    ["Known accounts", camsite.known_accounts_count],
    ["Active accounts", camsite.active_accounts_count],
    ["Models", camsite.models_registered_count],
    ["Active models", camsite.models_active_count],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-surface-muted px-3 py-2 text-center ring-1 ring-line-soft">
          <dt className="text-xs text-ink-faint">{label}</dt>
          <dd className="text-lg font-bold text-ink">{formatCount(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One camsite in the comparison list. */
export function CamsiteCard({ camsite }: { camsite: CamSiteSummary }) {
  return (
    <Card as="li" padding="md" className="flex flex-col gap-4">
      <div className="flex items-start gap-3">
        <CamsiteLogo camsite={camsite} size={48} />
        <div className="min-w-0 flex-1">
          {/* The price sits beside the name, or above it when both do not fit (phones): nothing overflows. */}
          <div className="flex flex-wrap-reverse items-start justify-between gap-x-3 gap-y-1">
            <h2 className="min-w-0 break-words text-lg font-bold text-ink">
              <Link to={`/camsites/${camsite.slug}`} className="hover:text-accent hover:underline">
                {camsite.name}
              </Link>
            </h2>
            {camsite.price_range && (
              <span className="rounded-full bg-warning-soft px-3 py-1 text-xs font-semibold text-warning ring-1 ring-warning/30">
                {camsite.price_range}
              </span>
            )}
          </div>
          {camsite.headline && <p className="text-sm text-ink-muted">{camsite.headline}</p>}
        </div>
      </div>
      <ProsCons camsite={camsite} />
      <CamsiteCounts camsite={camsite} />
    </Card>
  );
}
