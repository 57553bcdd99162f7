import { PAGE_SIZE } from "@camatlas/shared";
import { Form, Link } from "react-router";
import { ModelCard } from "../components/model-card.tsx";
import { apiContext } from "../lib/load-context.ts";
import type { Route } from "./+types/models";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = url.searchParams.get("query") ?? "";
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const result = await context.get(apiContext).models.list({ query, page, per_page: PAGE_SIZE.models });
  return { result, query };
}

export function meta() {
  return [{ title: "Models" }];
}

export default function Models({ loaderData }: Route.ComponentProps) {
  const { result, query } = loaderData;
  const pageLink = (page: number) =>
    `/models?${new URLSearchParams({ ...(query ? { query } : {}), page: String(page) })}`;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Models</h1>
      <Form method="get" className="flex max-w-lg gap-2">
        <label htmlFor="models-search" className="sr-only">
          Search models
        </label>
        <input
          id="models-search"
          name="query"
          type="search"
          defaultValue={query}
          placeholder="Name or nickname"
          className="flex-1 rounded border border-neutral-300 px-3 py-2"
        />
        <button type="submit" className="rounded bg-brand-600 px-4 py-2 text-white">
          Search
        </button>
      </Form>
      <p className="text-sm text-neutral-600">{result.total} models</p>
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {result.data.map((model) => (
          <ModelCard key={model.id} model={model} />
        ))}
      </ul>
      <nav aria-label="Pages" className="flex gap-3">
        {result.current_page > 1 && <Link to={pageLink(result.current_page - 1)}>Previous</Link>}
        <span>
          Page {result.current_page} of {result.last_page}
        </span>
        {result.current_page < result.last_page && <Link to={pageLink(result.current_page + 1)}>Next</Link>}
      </nav>
    </div>
  );
}
