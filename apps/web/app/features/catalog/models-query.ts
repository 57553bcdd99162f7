import { type ModelOrder, PAGE_SIZE, SEARCH_TEXT_MAX } from "@camatlas/shared";
import type { EndpointInput, modelEndpoints } from "@camatlas/shared/api-contract";

// The /models page keeps its whole state in the address (works without JavaScript, shareable, crawlable):
// ?query=…&tag=1&tag=2&camsite=33&order=rating&page=2

export const MODEL_ORDER_OPTIONS = [
  { value: "rating", label: "Rating" },
  { value: "last_activity", label: "Last activity" },
  { value: "newest", label: "Newest" },
  { value: "name", label: "Name" },
] as const satisfies ReadonlyArray<{ value: ModelOrder; label: string }>;
export type ModelOrderValue = (typeof MODEL_ORDER_OPTIONS)[number]["value"];

export interface ModelsPageState {
  query: string;
  tags: number[];
  camsites: number[];
  /** Empty: the API's default (closest matches first when searching, else by rating). */
  order: ModelOrderValue | "";
  page: number;
}

function ids(params: URLSearchParams, name: string): number[] {
  const values = [...params.getAll(name), ...params.getAll(`${name}[]`)]
    .flatMap((value) => value.split(","))
    .map((value) => Number(value))
    .filter((value) => Number.isInteger(value) && value > 0);
  return [...new Set(values)].sort((a, b) => a - b);
}

export function parseModelsState(params: URLSearchParams): ModelsPageState {
  const order = params.get("order") ?? "";
  const page = Number(params.get("page"));
  return {
    // As typed (the API normalises it); no longer than the part a search matches.
    query: (params.get("query") ?? "").trim().slice(0, SEARCH_TEXT_MAX),
    tags: ids(params, "tag"),
    camsites: ids(params, "camsite"),
    order: MODEL_ORDER_OPTIONS.some((option) => option.value === order) ? (order as ModelOrderValue) : "",
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export type ModelsApiQuery = NonNullable<EndpointInput<typeof modelEndpoints.list>["query"]>;

/** The GET /models query for a page state (spec §7 parameter names). */
export function modelsApiQuery(state: ModelsPageState): ModelsApiQuery {
  return {
    query: state.query || undefined,
    tags_id_list: state.tags.length ? state.tags : undefined,
    cam_site_ids: state.camsites.length ? state.camsites : undefined,
    order_by: state.order || undefined,
    page: state.page,
    per_page: PAGE_SIZE.models,
    with: ["tags"],
  };
}

/** The address of the page with some of its state changed (a new filter starts again at page 1). */
export function modelsHref(state: ModelsPageState, patch: Partial<ModelsPageState> = {}): string {
  const next = { ...state, ...("page" in patch ? {} : { page: 1 }), ...patch };
  const params = new URLSearchParams();
  if (next.query) params.set("query", next.query);
  for (const tag of next.tags) params.append("tag", String(tag));
  for (const camsite of next.camsites) params.append("camsite", String(camsite));
  if (next.order) params.set("order", next.order);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return `/models${search ? `?${search}` : ""}`;
}

/** Adds or removes one id from a list (filter chips). */
export function toggleId(list: readonly number[], id: number): number[] {
  return list.includes(id) ? list.filter((item) => item !== id) : [...list, id].sort((a, b) => a - b);
}
