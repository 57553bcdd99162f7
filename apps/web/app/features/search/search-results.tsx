import { SEARCH_SECTION_TITLES, SEARCH_TEXT } from "@camatlas/shared/ai-search/search-texts";
import {
  SEARCH_MIN_LENGTH,
  SEARCH_SECTIONS,
  type SearchAllReply,
  type SearchSection,
} from "@camatlas/shared/api-contract";
import { Form, Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { SearchSectionItems } from "./search-section-items.tsx";

type SectionPage = Required<SearchAllReply["sections"]>[SearchSection];

export interface SearchResultsProps {
  query: string;
  section: SearchSection | null;
  all: SearchAllReply | null;
  one: (SectionPage & { current_page: number; last_page: number }) | null;
}

const searchHref = (query: string, extra: Record<string, string> = {}) =>
  `/search?${new URLSearchParams({ query, ...extra })}`;

/** The search box of the page: a plain GET form (works without JavaScript). */
function SearchForm({ query, section }: { query: string; section: SearchSection | null }) {
  return (
    <Form method="get" action="/search" role="search" className="flex gap-2">
      <label htmlFor="search-page-query" className="sr-only">
        {SEARCH_TEXT.label}
      </label>
      <input
        id="search-page-query"
        type="search"
        name="query"
        defaultValue={query}
        maxLength={200}
        placeholder={SEARCH_TEXT.placeholder}
        className="min-w-0 flex-1 rounded-lg border border-line bg-surface-muted px-3 py-2 text-ink placeholder:text-ink-faint"
      />
      {section && <input type="hidden" name="section" value={section} />}
      <Button type="submit" size="md">
        {SEARCH_TEXT.submit}
      </Button>
    </Form>
  );
}

/** The way to the AI search, carrying the words typed so far. */
function AiSearchLink({ query }: { query: string }) {
  return (
    <p>
      <Link
        to={query ? `/search/ai?${new URLSearchParams({ query })}` : "/search/ai"}
        className="text-sm text-accent hover:underline"
      >
        {SEARCH_TEXT.aiLink}
      </Link>
    </p>
  );
}

function SectionBlock({
  query,
  section,
  page,
  paged = false,
}: {
  query: string;
  section: SearchSection;
  page: SectionPage;
  /** Showing one section's pages: no "see all". */
  paged?: boolean;
}) {
  const headingId = `search-section-${section}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-section={section}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {SEARCH_SECTION_TITLES[section]}{" "}
          <span className="text-sm font-normal tabular-nums text-ink-muted">
            ({SEARCH_TEXT.count(page.total, page.capped)})
          </span>
        </h2>
        {!paged && page.total > page.data.length && (
          <Link to={searchHref(query, { section })} className="shrink-0 text-sm text-accent hover:underline">
            {SEARCH_TEXT.seeAll(page.total, page.capped)}
            <span className="sr-only"> {SEARCH_SECTION_TITLES[section]}</span>
          </Link>
        )}
      </div>
      <SearchSectionItems section={section} items={page.data as never} />
    </section>
  );
}

/** The search page's body: the form, then every section with hits (or one section, paged). */
export function SearchResults({ query, section, all, one }: SearchResultsProps) {
  const header = (
    <PageHeader
      title={query.length >= SEARCH_MIN_LENGTH ? SEARCH_TEXT.resultsFor(query) : SEARCH_TEXT.title}
      lead={SEARCH_TEXT.lead}
    />
  );
  if (query.length < SEARCH_MIN_LENGTH)
    return (
      <div className="space-y-6">
        {header}
        <SearchForm query={query} section={null} />
        {query.length > 0 && <p className="text-sm text-ink-muted">{SEARCH_TEXT.tooShort}</p>}
        <AiSearchLink query={query} />
      </div>
    );
  if (section && one)
    return (
      <div className="space-y-6">
        {header}
        <SearchForm query={query} section={section} />
        <p>
          <Link to={searchHref(query)} className="text-sm text-accent hover:underline">
            {SEARCH_TEXT.backToAll}
          </Link>
        </p>
        <SectionBlock query={query} section={section} page={one} paged />
        <Pagination
          current={one.current_page}
          last={one.last_page}
          href={(page) => searchHref(query, { section, page: String(page) })}
          label={`${SEARCH_SECTION_TITLES[section]} pages`}
        />
      </div>
    );
  const found = SEARCH_SECTIONS.flatMap((s) => {
    const page = all?.sections[s];
    return page && page.total > 0 ? [{ section: s, page }] : [];
  });
  return (
    <div className="space-y-8">
      {header}
      <SearchForm query={query} section={null} />
      <AiSearchLink query={query} />
      {found.length === 0 ? (
        <EmptyState title={SEARCH_TEXT.nothing} text={SEARCH_TEXT.nothingHint} />
      ) : (
        found.map(({ section: s, page }) => <SectionBlock key={s} query={query} section={s} page={page} />)
      )}
    </div>
  );
}
