import { touchLastLogin } from "@camatlas/db";
import { API_MESSAGES, safeReturnPath } from "@camatlas/shared";
import { type Endpoint, oauthEndpoints } from "@camatlas/shared/api-contract";
import { OpenAPIHono } from "@hono/zod-openapi";
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from "arctic";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "../../app-env.ts";
import { contractRoute, type RouteExtras } from "../../lib/contract-route.ts";
import { notFound } from "../../lib/http-errors.ts";
import { rateLimit } from "../../middleware/rate-limit.ts";
import { setSessionCookies } from "../auth/session-cookies.ts";
import { findOrCreateOAuthUser } from "./oauth-sign-in.ts";
import {
  normalizeOAuthProfile,
  OAUTH_PROVIDERS,
  type OAuthProviderConfig,
  type OAuthProviderName,
  oauthProviderConfig,
} from "./providers.ts";

const COOKIE = { state: "oauth_state", verifier: "oauth_verifier", redirect: "oauth_redirect" } as const;
/** The state and PKCE verifier live as long as a sign-in at the provider may reasonably take. */
const FLOW_SECONDS = 10 * 60;

/**
 * The callback on the host the browser is using: PUBLIC_URL when it comes through the public address, else its own
 * host (another name for the same site, e.g. 127.0.0.1 in tests), so the flow cookies travel with it.
 */
export function callbackUrl(c: Context<AppEnv>, provider: OAuthProviderName): string {
  const { env } = c.var.deps;
  const publicUrl = new URL(env.PUBLIC_URL);
  const host = c.req.header("host") ?? new URL(c.req.url).host;
  if (host.toLowerCase() === publicUrl.host.toLowerCase()) {
    return new URL(`/api/${provider}/callback`, publicUrl).toString();
  }
  const forwardedProto = env.TRUST_PROXY
    ? c.req.header("x-forwarded-proto")?.split(",")[0]?.trim()
    : undefined;
  const protocol =
    forwardedProto === "https" || forwardedProto === "http"
      ? forwardedProto
      : new URL(c.req.url).protocol.replace(":", "");
  return `${protocol}://${host}/api/${provider}/callback`;
}

function flowCookieOptions(c: Context<AppEnv>) {
  return {
    path: "/api",
    httpOnly: true,
    // Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies.
    sameSite: "Lax" as const,
    secure: c.var.deps.env.APP_ENV === "production",
    maxAge: FLOW_SECONDS,
  };
}

function configOrNotFound(c: Context<AppEnv>, provider: OAuthProviderName): OAuthProviderConfig {
  const config = oauthProviderConfig(c.var.deps.env, provider);
  if (!config) throw notFound(API_MESSAGES.oauthNotConfigured);
  return config;
}

function clientOf(c: Context<AppEnv>, config: OAuthProviderConfig) {
  return new OAuth2Client(config.clientId, config.clientSecret, callbackUrl(c, config.name));
}

/**
 * A browser navigation answered with a 302 instead of a JSON reply: the contract's route with the redirect as its
 * success and 404 for a provider that is not configured.
 */
function redirectRoute<const E extends Endpoint>(endpoint: E, extras: RouteExtras, redirect: string) {
  const route = contractRoute(endpoint, { ...extras, errors: { 404: "This provider is not configured" } });
  const { 200: _json, ...errors } = route.responses as Record<number, { description: string }>;
  return { ...route, responses: { 302: { description: redirect }, ...errors } };
}

export const oauthRoutes = new OpenAPIHono<AppEnv>();

for (const provider of OAUTH_PROVIDERS) {
  oauthRoutes.use(
    `/${provider}/*`,
    rateLimit({ name: `oauth-${provider}`, limit: 30, windowMs: 15 * 60_000 }),
  );

  const label = provider === "google" ? "Google" : "X (Twitter)";
  const start = redirectRoute(
    oauthEndpoints.redirect(provider),
    { access: "public", tags: ["auth"], summary: `Start signing in with ${label}` },
    "To the provider's consent page, with state and PKCE verifier cookies",
  );
  const callback = redirectRoute(
    oauthEndpoints.callback(provider),
    {
      access: "public",
      tags: ["auth"],
      summary: `Return from ${provider}: sign in (creating or linking the account) and go back to the saved page`,
    },
    "Signed in (session cookies set) to the saved path, or to /login?oauth_error=…",
  );

  oauthRoutes.openapi(start, async (c) => {
    const config = configOrNotFound(c, provider);
    const state = generateState();
    const verifier = generateCodeVerifier();
    const url = clientOf(c, config).createAuthorizationURLWithPKCE(
      config.authUrl,
      state,
      CodeChallengeMethod.S256,
      verifier,
      config.scopes,
    );
    const options = flowCookieOptions(c);
    setCookie(c, COOKIE.state, state, options);
    setCookie(c, COOKIE.verifier, verifier, options);
    setCookie(c, COOKIE.redirect, safeReturnPath(c.req.valid("query").redirect), options);
    return c.redirect(url.toString(), 302);
  });

  oauthRoutes.openapi(callback, async (c) => {
    const config = configOrNotFound(c, provider);
    const query = c.req.valid("query");
    const expectedState = getCookie(c, COOKIE.state);
    const verifier = getCookie(c, COOKIE.verifier);
    // Checked again on the way back: the cookie is the browser's, not ours.
    const back = safeReturnPath(getCookie(c, COOKIE.redirect));
    for (const name of Object.values(COOKIE)) deleteCookie(c, name, { path: "/api" });
    const fail = (reason: string) => c.redirect(`/login?oauth_error=${reason}`, 302);

    if (
      query.error ||
      !query.code ||
      !query.state ||
      !expectedState ||
      !verifier ||
      query.state !== expectedState
    ) {
      return fail("failed");
    }
    const { db, logger } = c.var.deps;
    let profile: ReturnType<typeof normalizeOAuthProfile>;
    try {
      const tokens = await clientOf(c, config).validateAuthorizationCode(
        config.tokenUrl,
        query.code,
        verifier,
      );
      const response = await fetch(config.userinfoUrl, {
        headers: { authorization: `Bearer ${tokens.accessToken()}`, accept: "application/json" },
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`user info answered ${response.status}`);
      profile = normalizeOAuthProfile(provider, await response.json());
    } catch (error) {
      logger.warn({ err: error, provider }, "oauth sign-in failed at the provider");
      return fail("failed");
    }
    if (!profile) return fail("failed");

    const user = await findOrCreateOAuthUser(db, provider, profile);
    if (user.blockedAt) return fail("blocked");
    // With the stored session version: a token of an older one would be refused at once.
    const token = await c.var.deps.tokens.issue(user);
    await touchLastLogin(db, user.id);
    setSessionCookies(c, token, user);
    return c.redirect(back, 302);
  });
}
