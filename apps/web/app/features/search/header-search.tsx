import { searchEndpoints, type TypeaheadItemReply } from "@camatlas/shared/api-contract";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { browserCall } from "../../lib/errors/browser-api.ts";
import { matchNote, moveActive } from "./typeahead-keys.ts";

// The header's model search: a combobox suggesting up to 8 models by name or any nickname (typos forgiven, the
// API's trigram search). Without JavaScript it is a plain search form that opens the /models results page.

const MIN_QUERY = 2;
const DEBOUNCE_MS = 180;

export function HeaderSearch() {
  const id = useId();
  const listId = `${id}-list`;
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const [items, setItems] = useState<TypeaheadItemReply[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const term = query.trim();
    if (term.length < MIN_QUERY) {
      setItems([]);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
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
      <Form method="get" action="/models" role="search" aria-label="Search models">
        <label htmlFor={`${id}-input`} className="sr-only">
          Search models by name or nickname
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
        id={listId}
        role="listbox"
        aria-label="Suggested models"
        hidden={!expanded}
        className="absolute right-0 left-0 z-40 mt-1 max-h-96 overflow-y-auto rounded-xl bg-surface-raised py-1 shadow-overlay ring-1 ring-line sm:left-auto sm:w-80"
      >
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
    </div>
  );
}
