import type { Endpoint, EndpointInput, EndpointReply } from "@camatlas/shared/api-contract";
import { createApiClient } from "../api-client.ts";
import { browserAuthFetch } from "../session/browser-auth-fetch.ts";
import { resolveError } from "./error-contract.ts";
import { showError } from "./snackbar-store.ts";

// Calls the browser makes itself (uploads, live checks, the typeahead). The token cookie rides along on the same
// origin.

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
