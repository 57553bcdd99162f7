import {
  type Endpoint,
  type EndpointInput,
  type EndpointReply,
  endpointPath,
} from "@camatlas/shared/api-contract";

export type Fetcher = (request: Request) => Promise<Response>;

export type QueryValue = string | number | boolean | undefined | null | ReadonlyArray<string | number>;

/** Spec §7: booleans go as 1 or 0, arrays as name[]. */
export function toSearchParams(query: Record<string, QueryValue>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(item));
    else if (typeof value === "boolean") params.set(key, value ? "1" : "0");
    else params.set(key, String(value));
  }
  return params;
}

/** An API reply other than 2xx, carried to error boundaries and the snackbar. */
export class ApiResponseError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(typeof body === "object" && body && "message" in body ? String(body.message) : `HTTP ${status}`);
    this.name = "ApiResponseError";
    this.status = status;
    this.body = body;
  }
}

export interface ApiClientOptions {
  fetch: Fetcher;
  /** Origin used to build request URLs; in-process calls never leave the process. */
  baseUrl: string;
  /** Headers forwarded on every call: the visitor's cookies, client IP and the internal token. */
  headers?: Record<string, string>;
}

/** The client loaders and actions use: `call(endpoint, input)`, typed by the shared contract (api-contract). */
export function createApiClient(options: ApiClientOptions) {
  async function request<T>(
    method: string,
    path: string,
    query?: Record<string, QueryValue>,
    body?: unknown,
  ): Promise<T> {
    const qs = query ? toSearchParams(query).toString() : "";
    const url = `${options.baseUrl}/api${path}${qs ? `?${qs}` : ""}`;
    const headers = new Headers(options.headers);
    headers.set("accept", "application/json");
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers.set("content-type", "application/json");
      payload = JSON.stringify(body);
    }
    const response = await options.fetch(new Request(url, { method, headers, body: payload }));
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Non-JSON bodies stay text; the error detail rule (spec §8) can show them.
    }
    if (!response.ok) throw new ApiResponseError(response.status, parsed);
    return parsed as T;
  }

  /**
   * Calls one endpoint of the shared contract (packages/shared/src/api-contract): the path, the input's shape and the
   * reply's type all come from it. Non-2xx replies throw ApiResponseError.
   */
  async function call<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): Promise<EndpointReply<E>> {
    const path = endpointPath(endpoint.path, input.params as Record<string, unknown> | undefined);
    return request<EndpointReply<E>>(
      endpoint.method.toUpperCase(),
      path,
      input.query as Record<string, QueryValue> | undefined,
      input.form ?? input.body,
    );
  }

  return { call };
}

export type ApiClient = ReturnType<typeof createApiClient>;
