import { SEARCH_SECTION_TITLES, SEARCH_TEXT } from "@camatlas/shared/ai-search/search-texts";
import type { SearchAllReply, TypeaheadItemReply } from "@camatlas/shared/api-contract";
import { Link } from "react-router";
import type { MORE_SECTIONS } from "./header-search.tsx";
import { matchNote } from "./typeahead-keys.ts";

// The header search's popup (header-search.tsx): its own chunk, loaded when the search field first takes focus.

type MoreLink = { key: string; href: string; text: string };

/** The best few of the other sections as links, by section. */
function moreLinks(sections: SearchAllReply["sections"]): { title: string; links: MoreLink[] }[] {
  const groups: { title: string; links: MoreLink[] }[] = [];
  const text = (snippet: { text: string }[]) => snippet.map((s) => s.text).join("");
  const add = (section: (typeof MORE_SECTIONS)[number], links: MoreLink[]) => {
    if (links.length) groups.push({ title: SEARCH_SECTION_TITLES[section], links });
  };
  add(
    "reviews",
    (sections.reviews?.data ?? []).map((r) => ({ key: `r${r.id}`, href: r.url, text: r.title })),
  );
  add(
    "posts",
    (sections.posts?.data ?? []).map((p) => ({ key: `p${p.id}`, href: p.url, text: p.title })),
  );
  add(
    "topics",
    (sections.topics?.data ?? []).map((t) => ({ key: `t${t.id}`, href: t.url, text: text(t.snippet) })),
  );
  add(
    "users",
    (sections.users?.data ?? []).map((u) => ({ key: `u${u.id}`, href: u.url, text: u.nick_name })),
  );
  add(
    "stats",
    (sections.stats?.data ?? []).map((n) => ({
      key: `s${n.id}`,
      href: `/stats/${n.cam_site.slug}/${encodeURIComponent(n.name)}`,
      text: `${n.name} (${n.cam_site.name})`,
    })),
  );
  return groups;
}

export interface SearchSuggestionsProps {
  /** The combobox's id prefix: options are `${id}-opt-${index}`. */
  id: string;
  listId: string;
  query: string;
  items: TypeaheadItemReply[];
  more: SearchAllReply["sections"];
  active: number;
  setActive: (index: number) => void;
  go: (item: TypeaheadItemReply) => void;
  close: () => void;
}

/** The suggested models (a listbox the input drives) and the best few of the other sections. */
export function SearchSuggestions({
  id,
  listId,
  query,
  items,
  more,
  active,
  setActive,
  go,
  close,
}: SearchSuggestionsProps) {
  return (
    <>
      <div id={listId} role="listbox" aria-label="Suggested models">
        {items.length === 0 ? (
          <div
            role="option"
            tabIndex={-1}
            aria-disabled="true"
            aria-selected={false}
            className="px-4 py-2 text-sm text-ink-muted"
          >
            No model found
          </div>
        ) : (
          items.map((item, index) => {
            const note = matchNote(item);
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard path is the input's arrow keys and Enter
              <div
                key={`${item.id}-${item.matched}`}
                id={`${id}-opt-${index}`}
                role="option"
                aria-selected={index === active}
                tabIndex={-1}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(item)}
                onMouseEnter={() => setActive(index)}
                className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${index === active ? "bg-primary-soft" : ""}`}
              >
                {item.avatar_path ? (
                  <img
                    src={item.avatar_path}
                    alt=""
                    width={32}
                    height={32}
                    className="h-8 w-8 rounded-full object-cover"
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className="flex h-8 w-8 items-center justify-center rounded-full bg-primary-soft text-xs font-bold text-accent"
                  >
                    {item.name.slice(0, 1)}
                  </span>
                )}
                <span className="min-w-0">
                  <span className="block truncate text-sm font-semibold text-ink">{item.name}</span>
                  {note && <span className="block truncate text-xs text-ink-muted">{note}</span>}
                </span>
              </div>
            );
          })
        )}
      </div>
      <nav aria-label="More results" className="border-t border-line-soft px-3 pt-2 pb-1 text-sm">
        {moreLinks(more).map((group) => (
          <div key={group.title} className="mb-2">
            <p className="text-xs font-semibold text-ink-muted">{group.title}</p>
            <ul>
              {group.links.map((link) => (
                <li key={link.key}>
                  <Link
                    to={link.href}
                    onClick={close}
                    className="block truncate py-0.5 text-ink hover:text-accent"
                  >
                    {link.text}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <Link
          to={`/search?${new URLSearchParams({ query: query.trim() })}`}
          onClick={close}
          className="block py-1 font-medium text-accent hover:underline"
        >
          {SEARCH_TEXT.resultsFor(query.trim())} →
        </Link>
      </nav>
    </>
  );
}
