import { TAB_LABELS } from "@camatlas/shared";
import { Tabs } from "../../components/ui/tabs.tsx";

// The model page's tabs (spec §2 tab names). Each tab is an address (?tab=…), so tabs work without JavaScript
// and can be linked; with JavaScript the arrow keys move between them (components/ui/tabs.tsx).

export const PROFILE_TABS = [
  { id: "basic-info", label: TAB_LABELS.basicInfo },
  { id: "stats", label: TAB_LABELS.stats },
  { id: "camsites", label: TAB_LABELS.camsitesAndNicknames },
  { id: "tags", label: TAB_LABELS.tags },
  { id: "links", label: TAB_LABELS.links },
  { id: "reviews", label: TAB_LABELS.reviews },
  { id: "user-reviews", label: TAB_LABELS.userReviews },
  { id: "discussions", label: TAB_LABELS.discussions },
  { id: "comments", label: TAB_LABELS.comments },
  { id: "girls-like-her", label: TAB_LABELS.girlsLikeHer },
  // Behind the `stories` feature flag: hidden when it is off (ProfileTabs' `hidden`).
  { id: "stories", label: TAB_LABELS.stories },
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
  hidden = [],
}: {
  slug: string;
  active: ProfileTabId;
  counts: Partial<Record<ProfileTabId, number>>;
  /** Tabs whose feature is off. */
  hidden?: readonly ProfileTabId[];
}) {
  return (
    <Tabs
      label="Profile sections"
      active={active}
      items={PROFILE_TABS.filter((tab) => !hidden.includes(tab.id)).map((tab) => ({
        ...tab,
        count: counts[tab.id],
        href: tabHref(slug, tab.id),
      }))}
    />
  );
}
