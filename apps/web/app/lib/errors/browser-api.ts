import type { Endpoint, EndpointInput, EndpointReply } from "@camatlas/shared/api-contract";
import { ApiResponseError, createApiClient } from "../api-client.ts";
import { browserAuthFetch } from "../session/browser-auth-fetch.ts";
import { resolveError } from "./error-contract.ts";
import { showError } from "./snackbar-store.ts";

// Calls the browser makes itself (uploads, live checks). The token cookie rides along on the same origin.

export interface BrowserApiOptions {
  method?: string;
  /** JSON-serialisable body, or FormData for uploads. */
  body?: unknown;
  signal?: AbortSignal;
}

export async function browserApi<T>(path: string, options: BrowserApiOptions = {}): Promise<T> {
  const headers = new Headers({ accept: "application/json" });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.body);
  }
  // In the browser, through the session's fetch (one shared token refresh and a retry, spec §8).
  const send = typeof window === "undefined" ? fetch : browserAuthFetch;
  const response = await send(`/api${path}`, {
    method: options.method ?? (body ? "POST" : "GET"),
    headers,
    body,
    credentials: "same-origin",
    signal: options.signal,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Plain-text bodies are shown as they are.
  }
  if (!response.ok) throw new ApiResponseError(response.status, parsed);
  return parsed as T;
}

/**
 * Calls one endpoint of the shared contract from the browser, as loaders do on the server (`api.call`): same
 * input, same typed reply, same ApiResponseError on failure; the session's token rules apply. A `signal` aborts it.
 */
export function browserCall<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  options: { signal?: AbortSignal } = {},
): Promise<EndpointReply<E>> {
  const client = createApiClient({
    fetch: (sent) => {
      const request = options.signal ? new Request(sent, { signal: options.signal }) : sent;
      return typeof window === "undefined" ? fetch(request) : browserAuthFetch(request);
    },
    baseUrl: typeof window === "undefined" ? "http://localhost" : window.location.origin,
  });
  return client.call(endpoint, input);
}

export type Navigate = (to: string) => void;

/** Applies the contract to a browser call's failure: not-found page, redirect, or the snackbar. */
export function handleClientError(error: unknown, navigate?: Navigate): void {
  if (error instanceof DOMException && error.name === "AbortError") return;
  const outcome = resolveError(error);
  const go = navigate ?? ((to: string) => window.location.assign(to));
  if (outcome.kind === "not-found") go("/not-found");
  else if (outcome.kind === "redirect") go(outcome.url);
  else showError(outcome.text);
}

/** Runs a browser call; failures go through the contract and resolve to undefined. */
export async function withClientErrors<T>(
  call: () => Promise<T>,
  navigate?: Navigate,
): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    handleClientError(error, navigate);
    return undefined;
  }
}
