import { TAB_LABELS } from "@camatlas/shared";
import { useRef } from "react";
import { Link, useNavigate } from "react-router";

// The model page's tabs (spec §2 tab names). Each tab is an address (?tab=…), so tabs work without JavaScript
// and can be linked; with JavaScript the arrow keys move between them (WAI-ARIA tabs pattern).

export const PROFILE_TABS = [
  { id: "basic-info", label: TAB_LABELS.basicInfo },
  { id: "stats", label: TAB_LABELS.stats },
  { id: "camsites", label: TAB_LABELS.camsitesAndNicknames },
  { id: "tags", label: TAB_LABELS.tags },
  { id: "links", label: TAB_LABELS.links },
  { id: "girls-like-her", label: TAB_LABELS.girlsLikeHer },
] as const;
export type ProfileTabId = (typeof PROFILE_TABS)[number]["id"];

export function parseProfileTab(value: string | null): ProfileTabId {
  return PROFILE_TABS.find((tab) => tab.id === value)?.id ?? "basic-info";
}

export function tabHref(slug: string, tab: ProfileTabId): string {
  return tab === "basic-info" ? `/models/${slug}` : `/models/${slug}?tab=${tab}`;
}

export function ProfileTabs({
  slug,
  active,
  counts,
}: {
  slug: string;
  active: ProfileTabId;
  counts: Partial<Record<ProfileTabId, number>>;
}) {
  const navigate = useNavigate();
  const list = useRef<HTMLDivElement>(null);
  const move = (event: React.KeyboardEvent, index: number) => {
    const last = PROFILE_TABS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = PROFILE_TABS[next]!;
    navigate(tabHref(slug, tab.id), { preventScrollReset: true, replace: true });
    list.current?.querySelectorAll<HTMLElement>("[role=tab]")[next]?.focus();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label="Profile sections"
      className="flex gap-1 overflow-x-auto border-b border-neutral-200"
    >
      {PROFILE_TABS.map((tab, index) => {
        const selected = tab.id === active;
        const count = counts[tab.id];
        return (
          <Link
            key={tab.id}
            id={`tab-${tab.id}`}
            role="tab"
            aria-selected={selected}
            aria-controls={`panel-${tab.id}`}
            tabIndex={selected ? 0 : -1}
            to={tabHref(slug, tab.id)}
            preventScrollReset
            replace
            onKeyDown={(event) => move(event, index)}
            className={`-mb-px whitespace-nowrap border-b-2 px-4 py-2.5 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${
              selected
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-neutral-600 hover:border-neutral-300 hover:text-neutral-900"
            }`}
          >
            {tab.label}
            {count !== undefined && (
              <span className="ml-1.5 rounded-full bg-neutral-100 px-1.5 py-0.5 text-xs text-neutral-600">
                {count}
              </span>
            )}
          </Link>
        );
      })}
    </div>
  );
}
