import { PAGE_SIZE } from "@camatlas/shared";
import { ModelCard } from "../components/model-card.tsx";
import { apiContext, configContext } from "../lib/load-context.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const models = await api.models.list({ per_page: PAGE_SIZE.featuredModels, order_by: "rating" });
  return { models: models.data, productName: context.get(configContext).productName };
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: `${data?.productName ?? ""} — Find your girl` }];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      <section className="rounded-xl bg-gradient-to-r from-brand-600 to-brand-500 px-6 py-10 text-white">
        <h1 className="text-3xl font-bold">Find your girl</h1>
        <p className="mt-2 max-w-xl">Like a certain webcam model? Find her profiles on all sites!</p>
        <form action="/models" className="mt-6 flex max-w-lg gap-2">
          <label htmlFor="home-search" className="sr-only">
            Search models
          </label>
          <input
            id="home-search"
            name="query"
            type="search"
            placeholder="Name or nickname"
            className="min-w-0 flex-1 rounded bg-white px-3 py-2 text-neutral-900 placeholder:text-neutral-500"
          />
          <button type="submit" className="rounded bg-neutral-900 px-4 py-2 font-medium">
            Search
          </button>
        </form>
      </section>
      <section>
        <h2 className="mb-4 text-xl font-semibold">Top models</h2>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {loaderData.models.map((model) => (
            <ModelCard key={model.id} model={model} />
          ))}
        </ul>
      </section>
    </div>
  );
}
