import { createContext, RouterContextProvider } from "react-router";
import { type ApiClient, createApiClient, type Fetcher } from "./api-client.ts";
import { createServerSession, serverSessionContext } from "./session/server-session.ts";

/** Public, non-secret settings the pages need (product name, environment). */
export interface PublicConfig {
  productName: string;
  appEnv: "development" | "staging" | "production";
  publicUrl: string;
  /** OAuth providers the server is configured for (sign-in buttons). */
  oauthProviders?: ReadonlyArray<"google" | "twitter">;
}

export const apiContext = createContext<ApiClient>();
export const configContext = createContext<PublicConfig>();
/** The nonce of this response's Content-Security-Policy, for the inline scripts entry.server renders. */
export const cspNonceContext = createContext<string | undefined>(undefined);

export interface LoadContextInput {
  apiFetch: Fetcher;
  request: Request;
  clientIp: string;
  clientIpHeader: string;
  internalToken: string;
  config: PublicConfig;
  /** Nonce the server put in this response's Content-Security-Policy. */
  cspNonce?: string;
}

/**
 * Builds the per-request context. It lives in the app bundle (and is exported from entry.server) so the
 * context keys the server sets are the same objects the loaders read.
 */
export function createLoadContext(input: LoadContextInput): RouterContextProvider {
  const headers: Record<string, string> = {
    [input.clientIpHeader]: input.clientIp,
    "x-internal-token": input.internalToken,
  };
  const cookie = input.request.headers.get("cookie");
  if (cookie) headers.cookie = cookie;
  // The browser's Origin rides along, so the API's same-origin check on cookie sessions also covers actions.
  const origin = input.request.headers.get("origin");
  if (origin) headers.origin = origin;
  const context = new RouterContextProvider();
  const baseUrl = new URL(input.request.url).origin;
  // API calls go through the visitor's session: shared token refresh, cookies handed back to the browser.
  const session = createServerSession({ fetch: input.apiFetch, baseUrl, cookie, headers: { ...headers } });
  context.set(serverSessionContext, session);
  context.set(apiContext, createApiClient({ fetch: session.fetch, baseUrl, headers }));
  context.set(configContext, input.config);
  context.set(cspNonceContext, input.cspNonce);
  return context;
}
