import { type ComponentProps, type KeyboardEvent, type ReactNode, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { Badge } from "./badge.tsx";

// Tabs after the WAI-ARIA tabs pattern: a labelled tablist, the selected tab the only one in the Tab order, the
// arrow keys (and Home/End) moving between tabs. A tab with `href` is a link, so the tabs work without
// JavaScript and can be linked; without `href` a tab is a button that calls `onSelect`.

export interface TabItem<Id extends string = string> {
  id: Id;
  label: ReactNode;
  /** Shown as a small count after the label. */
  count?: number;
  href?: string;
}

/** The tab a key moves to from tab `index` of `count` (wrapping around), or null for other keys. */
export function nextTabIndex(key: string, index: number, count: number): number | null {
  const last = count - 1;
  switch (key) {
    case "ArrowRight":
      return index === last ? 0 : index + 1;
    case "ArrowLeft":
      return index === 0 ? last : index - 1;
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return null;
  }
}

/** The element ids of a tab and its panel, so a <TabPanel> can point back at its tab. */
export const tabIds = (prefix: string, id: string) => ({
  tab: `${prefix}tab-${id}`,
  panel: `${prefix}panel-${id}`,
});

const VARIANTS = {
  underline: {
    list: "flex gap-1 overflow-x-auto border-b border-line-soft",
    tab: "-mb-px whitespace-nowrap border-b-2 px-4 py-2.5 text-sm font-semibold",
    selected: "border-primary text-accent",
    idle: "border-transparent text-ink-muted hover:border-line hover:text-ink",
  },
  boxed: {
    list: "flex gap-1",
    tab: "rounded-t-md px-4 py-2 text-sm font-medium",
    selected: "bg-surface text-ink ring-1 ring-line-soft",
    idle: "text-ink-muted hover:text-ink",
  },
} as const;

type TabsVariant = keyof typeof VARIANTS;

/** The look of a row of tabs, for a row of section links that is not a tablist (e.g. a nav with aria-current). */
export function tabListClass(variant: TabsVariant = "underline", className?: string) {
  return `${VARIANTS[variant].list} ${className ?? ""}`.trim();
}

/** The look of one tab, selected or not. */
export function tabClass(selected: boolean, variant: TabsVariant = "underline") {
  const look = VARIANTS[variant];
  return `${look.tab} ${selected ? look.selected : look.idle} focus:outline-none focus-visible:ring-2 focus-visible:ring-focus`;
}

export function Tabs<Id extends string>({
  label,
  items,
  active,
  onSelect,
  idPrefix = "",
  variant = "underline",
  className,
}: {
  /** The accessible name of the tablist. */
  label: string;
  items: ReadonlyArray<TabItem<Id>>;
  active: Id;
  onSelect?: (id: Id) => void;
  /** Prefix of the tab and panel ids (`{prefix}tab-{id}`, `{prefix}panel-{id}`) when a page has two tablists. */
  idPrefix?: string;
  variant?: TabsVariant;
  className?: string;
}) {
  const navigate = useNavigate();
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const next = nextTabIndex(event.key, index, items.length);
    if (next === null) return;
    event.preventDefault();
    const tab = items[next];
    if (!tab) return;
    if (tab.href !== undefined) navigate(tab.href, { preventScrollReset: true, replace: true });
    else onSelect?.(tab.id);
    list.current?.querySelectorAll<HTMLElement>("[role=tab]")[next]?.focus();
  };

  return (
    <div ref={list} role="tablist" aria-label={label} className={tabListClass(variant, className)}>
      {items.map((tab, index) => {
        const selected = tab.id === active;
        const ids = tabIds(idPrefix, tab.id);
        const props = {
          id: ids.tab,
          role: "tab",
          "aria-selected": selected,
          "aria-controls": ids.panel,
          tabIndex: selected ? 0 : -1,
          onKeyDown: (event: KeyboardEvent) => onKeyDown(event, index),
          className: tabClass(selected, variant),
        } as const;
        const content = (
          <>
            {tab.label}
            {tab.count !== undefined && (
              <Badge tone="neutral" className="ml-1.5 px-1.5 font-normal">
                {tab.count}
              </Badge>
            )}
          </>
        );
        return tab.href !== undefined ? (
          <Link key={tab.id} to={tab.href} preventScrollReset replace {...props}>
            {content}
          </Link>
        ) : (
          <button key={tab.id} type="button" onClick={() => onSelect?.(tab.id)} {...props}>
            {content}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of one tab, named by its tab. */
export function TabPanel({
  tab,
  idPrefix = "",
  ...section
}: Omit<ComponentProps<"section">, "id" | "role"> & { tab: string; idPrefix?: string }) {
  const ids = tabIds(idPrefix, tab);
  return <section id={ids.panel} role="tabpanel" aria-labelledby={ids.tab} {...section} />;
}
