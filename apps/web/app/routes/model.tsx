import { ApiResponseError } from "../lib/api-client.ts";
import { apiContext } from "../lib/load-context.ts";
import type { Route } from "./+types/model";

export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { model: await context.get(apiContext).models.bySlug(params.slug) };
  } catch (error) {
    if (error instanceof ApiResponseError && error.status === 404)
      throw new Response("Not found", { status: 404 });
    throw error;
  }
}

export function meta({ loaderData: data }: Route.MetaArgs) {
  if (!data) return [{ title: "Model not found" }];
  const { model } = data;
  const tags = [{ title: model.display_name ?? model.name }];
  return model.about ? [...tags, { name: "description", content: model.about }] : tags;
}

export default function Model({ loaderData }: Route.ComponentProps) {
  const { model } = loaderData;
  return (
    <article className="space-y-6">
      <header className="flex flex-wrap items-center gap-4">
        {model.avatar_path && (
          <img
            src={model.avatar_path}
            alt=""
            width={120}
            height={120}
            className="h-28 w-28 rounded-full object-cover"
          />
        )}
        <div>
          <h1 className="text-3xl font-bold">{model.name}</h1>
          <p className="text-neutral-600">
            {[model.age !== null ? `${model.age} years` : null, model.city, model.country]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
      </header>
      <section>
        <h2 className="mb-3 text-xl font-semibold">Camsites and nicknames</h2>
        <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white">
          {model.nicknames.map((n) => (
            <li key={n.id} className="flex items-center justify-between px-4 py-3">
              <span>
                <span className="font-medium">{n.nickname}</span>{" "}
                <span className="text-neutral-600">on {n.cam_site.name}</span>
              </span>
              <a
                href={n.url}
                rel="nofollow noopener noreferrer"
                target="_blank"
                className="text-sm text-brand-600 underline"
              >
                Visit
              </a>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
