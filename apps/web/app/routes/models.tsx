import {
  camsiteEndpoints,
  modelCardFactsEndpoints,
  modelEndpoints,
  tagEndpoints,
} from "@camatlas/shared/api-contract";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { ModelCard, modelCardView } from "../components/model-card.tsx";
import { Badge } from "../components/ui/badge.tsx";
import { Button } from "../components/ui/button.tsx";
import { cardClass } from "../components/ui/card.tsx";
import { EmptyState } from "../components/ui/empty-state.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { Pagination } from "../components/ui/pagination.tsx";
import { SelectField } from "../components/ui/select-field.tsx";
import { closeSlideOver, SlideOver, SlideOverButton } from "../components/ui/slide-over.tsx";
import { TextField } from "../components/ui/text-field.tsx";
import { formatCount } from "../features/catalog/catalog-labels.ts";
import {
  MODEL_ORDER_OPTIONS,
  type ModelsPageState,
  modelsApiQuery,
  modelsHref,
  parseModelsState,
  toggleId,
} from "../features/catalog/models-query.ts";
import { apiLoad } from "../lib/errors/index.ts";
import { apiContext } from "../lib/load-context.ts";
import { seo } from "../lib/seo/page-meta.ts";
import { useCurrentUser } from "../lib/session/current-user.ts";
import type { Route } from "./+types/models";

export { RouteErrorBoundary as ErrorBoundary } from "../lib/errors/route-error-boundary.tsx";

// /models: the catalog grid (12 per page) with search, tag and camsite filters and order — all in the address,
// so it works without JavaScript and every view can be shared. With ?query= it is the search results page.
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const state = parseModelsState(new URL(request.url).searchParams);
  const [result, tags, camsites] = await Promise.all([
    apiLoad(api.call(modelEndpoints.list, { query: modelsApiQuery(state) })),
    apiLoad(api.call(tagEndpoints.list, {})),
    apiLoad(api.call(camsiteEndpoints.list, {})),
  ]);
  // The viewer's part of the cards (usual hours, following): a convenience, never a reason for the page to fail.
  const ids = result.data.map((m) => m.id);
  const facts =
    ids.length === 0
      ? []
      : await api
          .call(modelCardFactsEndpoints.list, { query: { ids } })
          .then((reply) => reply.data)
          .catch(() => []);
  return {
    state,
    result: {
      ...result,
      data: result.data.map((model) => ({ ...modelCardView(model), tags: model.tags?.slice(0, 3) })),
    },
    facts,
    tags: tags.data.map(({ id, name, models_count }) => ({ id, name, models_count: models_count ?? 0 })),
    camsites: camsites.data.map(({ id, name }) => ({ id, name })),
  };
}

export function meta(args: Route.MetaArgs) {
  const state = args.loaderData?.state;
  if (state?.query)
    return seo(args, { title: `Search results for “${state.query}”`, path: "/models", noindex: true });
  const page = state && state.page > 1 ? ` – page ${state.page}` : "";
  return seo(args, {
    title: `Webcam models${page}`,
    description: "Browse webcam models and find every profile of her on all camsites.",
    path: "/models",
    noindex: Boolean(state && (state.tags.length || state.camsites.length || state.order)),
  });
}

function FilterGroup({
  legend,
  name,
  options,
  selected,
}: {
  legend: string;
  name: string;
  options: ReadonlyArray<{ id: number; name: string; count?: number }>;
  selected: readonly number[];
}) {
  return (
    <details className={cardClass({ padding: "none", className: "group" })} open={selected.length > 0}>
      <summary className="flex cursor-pointer list-none items-center justify-between px-3 py-2 text-sm font-semibold text-ink focus:outline-none focus-visible:ring-2 focus-visible:ring-focus">
        <span>
          {legend}
          {selected.length > 0 && <Badge className="ml-2 font-normal">{selected.length}</Badge>}
        </span>
        <span aria-hidden="true" className="text-ink-faint group-open:rotate-180">
          ▾
        </span>
      </summary>
      <fieldset className="max-h-64 overflow-y-auto border-t border-line-soft px-3 py-2">
        <legend className="sr-only">{legend}</legend>
        <ul className="space-y-1">
          {[...options]
            // Chosen filters come first, so they are in view when the group opens.
            .sort((a, b) => Number(selected.includes(b.id)) - Number(selected.includes(a.id)))
            .map((option) => (
              <li key={option.id}>
                <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-surface-muted">
                  <input
                    type="checkbox"
                    name={name}
                    value={option.id}
                    defaultChecked={selected.includes(option.id)}
                    className="accent-primary"
                  />
                  <span className="flex-1">{option.name}</span>
                  {option.count !== undefined && (
                    <span className="text-xs text-ink-faint">{option.count}</span>
                  )}
                </label>
              </li>
            ))}
        </ul>
      </fieldset>
    </details>
  );
}

function ActiveFilters({
  state,
  tags,
  camsites,
}: {
  state: ModelsPageState;
  tags: ReadonlyArray<{ id: number; name: string }>;
  camsites: ReadonlyArray<{ id: number; name: string }>;
}) {
  const chips = [
    ...state.camsites.map((id) => ({
      key: `c${id}`,
      label: camsites.find((c) => c.id === id)?.name ?? `Camsite ${id}`,
      href: modelsHref(state, { camsites: toggleId(state.camsites, id) }),
    })),
    ...state.tags.map((id) => ({
      key: `t${id}`,
      label: `#${tags.find((t) => t.id === id)?.name ?? id}`,
      href: modelsHref(state, { tags: toggleId(state.tags, id) }),
    })),
  ];
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.key}>
          <Link
            to={chip.href}
            className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-3 py-1 text-sm text-accent ring-1 ring-accent/25 hover:bg-accent/20"
          >
            {chip.label}
            <span aria-hidden="true">×</span>
            <span className="sr-only">(remove filter)</span>
          </Link>
        </li>
      ))}
      <li>
        <Link to={modelsHref(state, { tags: [], camsites: [] })} className="text-sm text-ink-muted underline">
          Clear all
        </Link>
      </li>
    </ul>
  );
}

export default function Models({ loaderData }: Route.ComponentProps) {
  const { state, result, facts, tags, camsites } = loaderData;
  const factOf = new Map(facts.map((f) => [f.id, f]));
  const submit = useSubmit();
  const navigation = useNavigation();
  const currentUser = useCurrentUser();
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/models";
  const heading = state.query ? `Search results for “${state.query}”` : "Webcam models";
  const found = `${formatCount(result.total)} ${result.total === 1 ? "model" : "models"}`;
  const filterCount = state.tags.length + state.camsites.length;
  return (
    <div className="space-y-6">
      <PageHeader
        title={heading}
        lead={
          <span aria-live="polite">
            {found}
            {state.query
              ? ` ${result.total === 1 ? "matches" : "match"} your search — names and nicknames on every camsite, typos forgiven`
              : ""}
          </span>
        }
        actions={currentUser && <Button to="/models/new">+ Add a model</Button>}
      />

      {/* Phones and tablets: the filters slide over the page; the button says how many apply and what they find. */}
      <div className="flex items-center justify-between gap-3 lg:hidden">
        <SlideOverButton target={FILTERS_ID}>
          <FilterIcon />
          Filters{filterCount > 0 ? ` (${filterCount})` : ""}
          <span className="font-normal text-ink-muted">· {found}</span>
        </SlideOverButton>
      </div>

      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <div className="contents lg:sticky lg:top-4 lg:block lg:self-start">
          <SlideOver id={FILTERS_ID} title="Filters" closeOnNavigate={false} inlineFrom="lg">
            <Form
              method="get"
              action="/models"
              role="search"
              aria-label="Search and filter models"
              className="space-y-4"
              onChange={(event) => {
                // With JavaScript, filters and order apply at once; typing in the search box waits for Enter.
                if ((event.target as HTMLElement).getAttribute("type") !== "search")
                  submit(event.currentTarget);
              }}
            >
              <TextField
                id="models-query"
                label="Name or nickname"
                name="query"
                type="search"
                defaultValue={state.query}
                key={state.query}
                placeholder="e.g. mia_rose"
                maxLength={100}
              />
              <SelectField
                id="models-order"
                label="Order by"
                name="order"
                defaultValue={state.order}
                // One "Rating": without a search the default order is by rating, so it is not offered twice.
                placeholder={state.query ? "Best match" : "Rating"}
                options={
                  state.query ? MODEL_ORDER_OPTIONS : MODEL_ORDER_OPTIONS.filter((o) => o.value !== "rating")
                }
              />
              <FilterGroup legend="Camsites" name="camsite" options={camsites} selected={state.camsites} />
              <FilterGroup
                legend="Tags"
                name="tag"
                options={tags.map((t) => ({ id: t.id, name: t.name, count: t.models_count }))}
                selected={state.tags}
              />
              <Button type="submit" block onClick={(event) => closeSlideOver(event.currentTarget)}>
                <span className="lg:hidden">Show {found}</span>
                <span className="hidden lg:inline">Search</span>
              </Button>
            </Form>
          </SlideOver>
        </div>

        <section aria-label="Models" aria-busy={busy} className={`space-y-6 ${busy ? "opacity-60" : ""}`}>
          {/* The cards' names are h3: this keeps the outline h1 → h2 → h3 (axe heading-order). */}
          <h2 className="sr-only">Models found</h2>
          <ActiveFilters state={state} tags={tags} camsites={camsites} />
          {result.data.length === 0 ? (
            <EmptyState
              title={state.query ? `No model matches “${state.query}”` : "No models match these filters"}
              text="Try another spelling, fewer filters, or add her profile yourself."
            >
              <Link to="/models" className="text-accent underline">
                Show all models
              </Link>
            </EmptyState>
          ) : (
            <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4">
              {result.data.map((model, index) => (
                <ModelCard
                  key={model.id}
                  model={model}
                  tags={model.tags}
                  eager={index < 4}
                  facts={factOf.get(model.id) ?? { hours_utc: null, following: false }}
                  signedIn={currentUser !== null}
                />
              ))}
            </ul>
          )}
          <Pagination
            current={result.current_page}
            last={result.last_page}
            href={(page) => modelsHref(state, { page })}
            label="Model pages"
          />
        </section>
      </div>
    </div>
  );
}

const FILTERS_ID = "model-filters";

function FilterIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M3 5h14M6 10h8M8.5 15h3" />
    </svg>
  );
}
