import { SEARCH_TEXT } from "@camatlas/shared/ai-search/search-texts";
import {
  type SearchAllReply,
  searchAllEndpoints,
  searchEndpoints,
  type TypeaheadItemReply,
} from "@camatlas/shared/api-contract";
import { type ComponentType, useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { browserCall } from "../../lib/errors/browser-api.ts";
import type { SearchSuggestionsProps } from "./header-search-popup.tsx";
import { moveActive } from "./typeahead-keys.ts";

// The header's search: a combobox suggesting up to 8 models by name or any nickname (typos forgiven, the API's
// trigram search), then the best two of the other sections as links, and the way to every result. Without
// JavaScript it is a plain search form that opens the /search results page. The popup's code
// (header-search-popup.tsx) is loaded when the field first takes focus: most visits never search.

const MIN_QUERY = 2;
const DEBOUNCE_MS = 180;
/** The other sections the popup shows a few of, and how many each. */
export const MORE_SECTIONS = ["reviews", "posts", "topics", "users", "stats"] as const;
const MORE_PER_SECTION = 2;

let suggestionsLoading: Promise<ComponentType<SearchSuggestionsProps>> | undefined;
/** The popup's code, loaded once per page; a failed download may be tried again on the next focus. */
function loadSuggestions(): Promise<ComponentType<SearchSuggestionsProps>> {
  suggestionsLoading ??= import("./header-search-popup.tsx").then(
    (m) => m.SearchSuggestions,
    (error: unknown) => {
      suggestionsLoading = undefined;
      throw error;
    },
  );
  return suggestionsLoading;
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
  const [Suggestions, setSuggestions] = useState<ComponentType<SearchSuggestionsProps> | null>(null);
  const wakeUp = () => {
    if (!Suggestions)
      loadSuggestions().then(
        (component) => setSuggestions(() => component),
        () => {},
      );
  };

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

  const expanded =
    Suggestions !== null && open && query.trim().length >= MIN_QUERY && (items.length > 0 || !loading);
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
            // Also here: the field may have had focus before the page ran.
            wakeUp();
          }}
          onFocus={() => {
            setOpen(true);
            wakeUp();
          }}
          onKeyDown={onKeyDown}
          className="block w-full rounded-full border border-line bg-surface-muted px-4 py-1.5 text-sm text-ink placeholder:text-ink-faint focus:border-focus focus:bg-surface focus:outline-none focus:ring-2 focus:ring-focus"
        />
      </Form>
      <div
        hidden={!expanded}
        className="absolute right-0 left-0 z-40 mt-1 max-h-[28rem] overflow-y-auto rounded-xl bg-surface-raised py-1 shadow-overlay ring-1 ring-line sm:left-auto sm:w-80"
      >
        {Suggestions ? (
          <Suggestions
            id={id}
            listId={listId}
            query={query}
            items={items}
            more={more}
            active={active}
            setActive={setActive}
            go={go}
            close={() => setOpen(false)}
          />
        ) : (
          // Until the popup's code is here (the field's first focus) the combobox controls an empty list.
          <div id={listId} role="listbox" aria-label="Suggested models" />
        )}
      </div>
    </div>
  );
}
