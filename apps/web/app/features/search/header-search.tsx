import { SEARCH_SECTION_TITLES, SEARCH_TEXT } from "@camatlas/shared/ai-search/search-texts";
import {
  type SearchAllReply,
  searchAllEndpoints,
  searchEndpoints,
  type TypeaheadItemReply,
} from "@camatlas/shared/api-contract";
import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { browserCall } from "../../lib/errors/browser-api.ts";
import { matchNote, moveActive } from "./typeahead-keys.ts";

// The header's search: a combobox suggesting up to 8 models by name or any nickname (typos forgiven, the API's
// trigram search), then the best two of the other sections as links, and the way to every result. Without
// JavaScript it is a plain search form that opens the /search results page.

const MIN_QUERY = 2;
const DEBOUNCE_MS = 180;
/** The other sections the popup shows a few of, and how many each. */
const MORE_SECTIONS = ["reviews", "posts", "topics", "users", "stats"] as const;
const MORE_PER_SECTION = 2;

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

export function HeaderSearch() {
  const id = useId();
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const [items, setItems] = useState<TypeaheadItemReply[]>([]);
  const [more, setMore] = useState<SearchAllReply["sections"]>({});
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const term = query.trim();
    if (term.length < MIN_QUERY) {
      setItems([]);
      setMore({});
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      // The other sections' best few come on their own: a slow one never holds back the models.
      browserCall(
        searchAllEndpoints.all,
        { query: { query: term, sections: [...MORE_SECTIONS], limit: MORE_PER_SECTION } },
        { signal: controller.signal },
      )
        .then((reply) => setMore(reply.sections))
        .catch(() => setMore({}));
      browserCall(searchEndpoints.typeahead, { query: { query: term } }, { signal: controller.signal })
        .then((reply) => {
          setItems(reply.data);
          setActive(-1);
          setLoading(false);
        })
        .catch((error: unknown) => {
          // Suggestions are a convenience: a failed lookup just shows none (Enter still searches).
          if (!(error instanceof DOMException && error.name === "AbortError")) {
            setItems([]);
            setLoading(false);
          }
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const expanded = open && query.trim().length >= MIN_QUERY && (items.length > 0 || !loading);
  const go = (item: TypeaheadItemReply) => {
    setOpen(false);
    setQuery("");
    navigate(`/models/${item.slug}`);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      setActive((current) => moveActive(current, event.key === "ArrowDown" ? 1 : -1, items.length));
    } else if (event.key === "Enter" && expanded && active >= 0 && items[active]) {
      event.preventDefault();
      go(items[active]);
    } else if (event.key === "Escape") {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else setQuery("");
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: closes the popup when focus leaves the whole combobox
    <div
      ref={wrapper}
      className="relative min-w-0 w-full"
      onBlur={(event) => {
        if (!wrapper.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Form method="get" action="/search" role="search" aria-label={SEARCH_TEXT.title}>
        <label htmlFor={`${id}-input`} className="sr-only">
          {SEARCH_TEXT.label}
        </label>
        <input
          id={`${id}-input`}
          name="query"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
          autoComplete="off"
          placeholder="Search models or nicknames"
          value={query}
          maxLength={100}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          className="block w-full rounded-full border border-line bg-surface-muted px-4 py-1.5 text-sm text-ink placeholder:text-ink-faint focus:border-focus focus:bg-surface focus:outline-none focus:ring-2 focus:ring-focus"
        />
      </Form>
      <div
        hidden={!expanded}
        className="absolute right-0 left-0 z-40 mt-1 max-h-[28rem] overflow-y-auto rounded-xl bg-surface-raised py-1 shadow-overlay ring-1 ring-line sm:left-auto sm:w-80"
      >
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
                      onClick={() => setOpen(false)}
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
            onClick={() => setOpen(false)}
            className="block py-1 font-medium text-accent hover:underline"
          >
            {SEARCH_TEXT.resultsFor(query.trim())} →
          </Link>
        </nav>
      </div>
    </div>
  );
}
