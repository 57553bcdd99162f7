import { API_MESSAGES, PAGE_SIZE, SUCCESS_MESSAGES } from "@camatlas/shared";
import { featuredModelEndpoints, modelEndpoints } from "@camatlas/shared/api-contract";
import type { AdminFeaturedModel } from "@camatlas/shared/schemas/featured-models";
import { Form, Link, useFetcher } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { type Column, DataTable } from "../../components/ui/data-table.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { controlClass } from "../../components/ui/field-frame.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { FeaturedPictureButton } from "../../features/admin-settings/featured-picture.tsx";
import { type ActionResult, actionFailure, actionSuccess } from "../../lib/errors/action-result.ts";
import { apiLoad } from "../../lib/errors/loader-errors.ts";
import { useSnackbarNote } from "../../lib/errors/snackbar.tsx";
import { apiContext } from "../../lib/load-context.ts";
import { requireAdmin } from "../../lib/session/guards.ts";
import type { Route } from "./+types/featured-models";

export { RouteErrorBoundary as ErrorBoundary } from "../../lib/errors/route-error-boundary.tsx";

// The home page's featured models (spec §9: 10 shown): add from a model search, order, picture, remove.
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request);
  const api = context.get(apiContext);
  const query = new URL(request.url).searchParams.get("query")?.trim() ?? "";
  const [entries, found] = await Promise.all([
    apiLoad(api.call(featuredModelEndpoints.adminList, {})),
    query
      ? apiLoad(api.call(modelEndpoints.list, { query: { query, per_page: PAGE_SIZE.modelSearch } }))
      : Promise.resolve(null),
  ]);
  return { entries, query, found: found?.data ?? [] };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request);
  const api = context.get(apiContext);
  const form = await request.formData();
  const intent = form.get("intent");
  const id = Number(form.get("id"));
  try {
    if (intent === "create") {
      await api.call(featuredModelEndpoints.create, {
        body: { model_id: Number(form.get("model_id")), position: Number(form.get("position") ?? 0) },
      });
    } else if (intent === "position") {
      await api.call(featuredModelEndpoints.update, {
        params: { id },
        body: { position: Number(form.get("position")) },
      });
    } else if (intent === "picture") {
      await api.call(featuredModelEndpoints.update, {
        params: { id },
        body: { media_id: Number(form.get("media_id")) },
      });
    } else if (intent === "delete") {
      await api.call(featuredModelEndpoints.delete, { params: { id } });
      return actionSuccess(API_MESSAGES.deleted);
    }
    return actionSuccess(SUCCESS_MESSAGES.settingsSaved);
  } catch (error) {
    return actionFailure(error);
  }
}

export function meta() {
  return [{ title: "Featured models | Admin" }, { name: "robots", content: "noindex" }];
}

function PositionForm({ entry }: { entry: AdminFeaturedModel }) {
  const fetcher = useFetcher<ActionResult>();
  useSnackbarNote(fetcher.data);
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="position" />
      <input type="hidden" name="id" value={entry.id} />
      <label className="sr-only" htmlFor={`position-${entry.id}`}>
        Position of {entry.model_name}
      </label>
      <input
        id={`position-${entry.id}`}
        name="position"
        type="number"
        min={0}
        defaultValue={entry.position}
        className={controlClass({ size: "sm", className: "w-20" })}
      />
      <Button type="submit" variant="ghost" size="xs">
        Save
      </Button>
    </fetcher.Form>
  );
}

function RemoveButton({ entry }: { entry: AdminFeaturedModel }) {
  const fetcher = useFetcher<ActionResult>();
  useSnackbarNote(fetcher.data);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={entry.id} />
      <Button type="submit" variant="danger" size="xs" aria-label={`Stop featuring ${entry.model_name}`}>
        Remove
      </Button>
    </fetcher.Form>
  );
}

const COLUMNS: Column<AdminFeaturedModel>[] = [
  {
    header: "Picture",
    cell: (entry) => (
      <div className="h-14 w-11 overflow-hidden rounded bg-line-soft">
        {entry.image ? (
          <img src={entry.image} alt="" className="h-full w-full object-cover" />
        ) : (
          <span className="flex h-full items-center justify-center text-[10px] text-ink-faint">Avatar</span>
        )}
      </div>
    ),
  },
  {
    header: "Model",
    className: "font-medium",
    cell: (entry) => (
      <>
        <Link to={`/models/${entry.model_slug}`} className="hover:text-accent">
          {entry.model_name}
        </Link>
        {!entry.is_current && <span className="ml-2 text-xs text-ink-faint">(outside its period)</span>}
      </>
    ),
  },
  { header: "Position", cell: (entry) => <PositionForm entry={entry} /> },
  {
    header: "Actions",
    hideHeader: true,
    cell: (entry) => (
      <div className="flex justify-end gap-1">
        <FeaturedPictureButton entryId={entry.id} modelName={entry.model_name} />
        <RemoveButton entry={entry} />
      </div>
    ),
  },
];

function AddButton({ modelId, name, position }: { modelId: number; name: string; position: number }) {
  const fetcher = useFetcher<ActionResult>();
  useSnackbarNote(fetcher.data);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="model_id" value={modelId} />
      <input type="hidden" name="position" value={position} />
      <Button type="submit" disabled={fetcher.state !== "idle"} size="xs" aria-label={`Feature ${name}`}>
        Feature
      </Button>
    </fetcher.Form>
  );
}

export default function AdminFeaturedModels({ loaderData }: Route.ComponentProps) {
  const { entries, query, found } = loaderData;
  const featuredIds = new Set(entries.map((entry) => entry.model_id));
  const nextPosition = entries.reduce((max, entry) => Math.max(max, entry.position + 1), 0);
  return (
    <div className="space-y-6">
      <PageHeader
        size="md"
        title="Featured models"
        lead={`The home page shows the first ${PAGE_SIZE.featuredModels} current entries, lowest position first.`}
      />
      <DataTable
        phone="cards"
        columns={COLUMNS}
        rows={entries}
        rowKey={(entry) => entry.id}
        headPadding="py-3"
        empty={
          <EmptyState title="No featured models" text="The best-rated models stand in until you add some." />
        }
      />
      <Card as="section" aria-labelledby="add-featured" padding="md">
        <h2 id="add-featured" className="text-lg font-semibold">
          Add a model
        </h2>
        <Form method="get" className="mt-3 flex max-w-lg gap-2">
          <label htmlFor="featured-query" className="sr-only">
            Find a model
          </label>
          <input
            id="featured-query"
            name="query"
            type="search"
            defaultValue={query}
            placeholder="Name or nickname"
            className={controlClass({ className: "min-w-0 flex-1" })}
          />
          <Button type="submit">Find</Button>
        </Form>
        {query && found.length === 0 && <p className="mt-3 text-sm text-ink-muted">No models found.</p>}
        <ul className="mt-3 divide-y divide-line-soft">
          {found.map((model) => (
            <li key={model.id} className="flex items-center justify-between gap-3 py-2">
              <span className="font-medium">{model.name}</span>
              {featuredIds.has(model.id) ? (
                <span className="text-sm text-ink-faint">Featured</span>
              ) : (
                <AddButton modelId={model.id} name={model.name} position={nextPosition} />
              )}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
