import type { Banner, BannerPlacement } from "@camatlas/shared/schemas/settings";
import type { SettingsMap } from "./site-settings.ts";

/** The well-formed banners of the banners setting. */
export function readBanners(settings: SettingsMap): Banner[] {
  const list = Array.isArray(settings.banners) ? settings.banners : [];
  return list.filter(
    (item): item is Banner =>
      typeof item === "object" &&
      item !== null &&
      typeof (item as Banner).image === "string" &&
      typeof (item as Banner).url === "string" &&
      typeof (item as Banner).placement === "string",
  );
}

/** Admin-configured banners for one placement; sponsored links, so rel="sponsored". */
export function BannerSlot({ banners, placement }: { banners: Banner[]; placement: BannerPlacement }) {
  const shown = banners.filter((banner) => banner.placement === placement);
  if (shown.length === 0) return null;
  return (
    <aside aria-label="Sponsored" className="flex flex-wrap justify-center gap-4">
      {shown.map((banner) => (
        <a
          key={banner.id}
          href={banner.url}
          rel="sponsored noopener"
          target="_blank"
          className="block overflow-hidden rounded-xl shadow-sm ring-1 ring-line-soft"
        >
          <img src={banner.image} alt={banner.alt} loading="lazy" className="max-h-40 w-auto max-w-full" />
        </a>
      ))}
    </aside>
  );
}
