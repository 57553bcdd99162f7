import { AI_SEARCH_TEXT } from "@camatlas/shared/ai-search/search-texts";
import type { AiSearchReply } from "@camatlas/shared/api-contract";
import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Pagination } from "../../components/ui/pagination.tsx";
import { AiSearchChips } from "./ai-search-chips.tsx";
import { AiSearchResults } from "./ai-search-results.tsx";

export interface AiSearchPageProps {
  query: string;
  timeZone: string | null;
  result: AiSearchReply | null;
}

/** The visitor's time zone once the page runs in her browser (the server cannot know it): sent with the form. */
function useBrowserTimeZone(fromAddress: string | null): string | null {
  const [zone, setZone] = useState(fromAddress);
  useEffect(() => {
    if (!fromAddress) setZone(Intl.DateTimeFormat().resolvedOptions().timeZone || null);
  }, [fromAddress]);
  return zone;
}

const aiHref = (query: string, extra: Record<string, string> = {}) =>
  `/search/ai?${new URLSearchParams({ query, ...extra })}`;

export function AiSearchPage({ query, timeZone, result }: AiSearchPageProps) {
  const zone = useBrowserTimeZone(timeZone);
  return (
    <div className="space-y-6">
      <PageHeader title={AI_SEARCH_TEXT.title} lead={AI_SEARCH_TEXT.lead} />
      <Form method="get" action="/search/ai" role="search" className="space-y-2">
        <label htmlFor="ai-search-query" className="block text-sm font-medium text-ink">
          {AI_SEARCH_TEXT.label}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id="ai-search-query"
            type="search"
            name="query"
            defaultValue={query}
            maxLength={200}
            placeholder={AI_SEARCH_TEXT.placeholder}
            className="min-w-0 flex-1 rounded-lg border border-line bg-surface-muted px-3 py-2 text-ink placeholder:text-ink-faint"
          />
          {zone && <input type="hidden" name="time_zone" value={zone} />}
          <Button type="submit" size="md">
            {AI_SEARCH_TEXT.submit}
          </Button>
        </div>
      </Form>
      <p
        className="rounded-card border border-line-soft bg-surface-muted px-4 py-3 text-sm text-ink-soft"
        data-testid="ai-privacy"
      >
        {AI_SEARCH_TEXT.privacy}
      </p>
      {!result ? (
        <section aria-labelledby="ai-examples" className="space-y-2">
          <h2 id="ai-examples" className="text-sm font-semibold text-ink">
            {AI_SEARCH_TEXT.examplesTitle}
          </h2>
          <ul className="space-y-1">
            {AI_SEARCH_TEXT.examples.map((example) => (
              <li key={example}>
                <Link to={aiHref(example)} className="text-sm text-accent hover:underline">
                  {example}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <>
          {result.filters.usually_online && zone && (
            <p className="text-xs text-ink-muted">{AI_SEARCH_TEXT.timeZoneNote(zone)}</p>
          )}
          <AiSearchChips chips={result.chips} timeZone={zone} />
          {result.chips.length === 0 ? (
            <EmptyState title={AI_SEARCH_TEXT.noModels} text={AI_SEARCH_TEXT.nothingUnderstood} />
          ) : result.total === 0 ? (
            <EmptyState title={AI_SEARCH_TEXT.noModels} text={AI_SEARCH_TEXT.noModelsHint} />
          ) : (
            <section aria-labelledby="ai-results-title" className="space-y-4">
              <h2 id="ai-results-title" className="text-lg font-semibold text-ink">
                {AI_SEARCH_TEXT.results(result.total)}
              </h2>
              <AiSearchResults models={result.data} />
              <Pagination
                current={result.current_page}
                last={result.last_page}
                href={(page) => aiHref(query, { page: String(page), ...(zone ? { time_zone: zone } : {}) })}
              />
            </section>
          )}
        </>
      )}
    </div>
  );
}
