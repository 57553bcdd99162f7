import type { ServerEnv } from "../../env.ts";

export const OAUTH_PROVIDERS = ["google", "twitter"] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDERS)[number];

export interface OAuthProviderConfig {
  name: OAuthProviderName;
  clientId: string;
  clientSecret: string | null;
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scopes: string[];
}

/** A provider's settings from env; null when it has no client id (then its sign-in is off). */
export function oauthProviderConfig(env: ServerEnv, name: OAuthProviderName): OAuthProviderConfig | null {
  if (name === "google") {
    if (!env.GOOGLE_CLIENT_ID) return null;
    return {
      name,
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET ?? null,
      authUrl: env.GOOGLE_AUTH_URL,
      tokenUrl: env.GOOGLE_TOKEN_URL,
      userinfoUrl: env.GOOGLE_USERINFO_URL,
      scopes: ["openid", "email", "profile"],
    };
  }
  if (!env.TWITTER_CLIENT_ID) return null;
  return {
    name,
    clientId: env.TWITTER_CLIENT_ID,
    clientSecret: env.TWITTER_CLIENT_SECRET ?? null,
    authUrl: env.TWITTER_AUTH_URL,
    tokenUrl: env.TWITTER_TOKEN_URL,
    userinfoUrl: env.TWITTER_USERINFO_URL,
    scopes: ["users.read", "tweet.read", "users.email"],
  };
}

/** What the site takes from a provider's user-info answer. */
export interface OAuthProfile {
  id: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
}

const str = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== ""
    ? value.trim()
    : typeof value === "number"
      ? String(value)
      : null;

/**
 * Reads Google's OpenID user info ({sub, email, email_verified, given_name, family_name}) and X's
 * /2/users/me ({data: {id, username, name, confirmed_email}}); null without an account id.
 */
export function normalizeOAuthProfile(name: OAuthProviderName, body: unknown): OAuthProfile | null {
  if (typeof body !== "object" || body === null) return null;
  const outer = body as Record<string, unknown>;
  const info = (
    name === "twitter" && typeof outer.data === "object" && outer.data !== null ? outer.data : outer
  ) as Record<string, unknown>;
  const id = str(info.sub) ?? str(info.id);
  if (!id) return null;
  const confirmed = str(info.confirmed_email);
  const email = (confirmed ?? str(info.email))?.toLowerCase() ?? null;
  const verifiedFlag = info.email_verified === true || info.email_verified === "true";
  const fullName = str(info.name);
  const [first, ...rest] = fullName ? fullName.split(/\s+/) : [];
  return {
    id,
    email,
    // X only returns confirmed addresses; Google says so explicitly.
    emailVerified: Boolean(email) && (confirmed !== null || verifiedFlag),
    firstName: str(info.given_name) ?? first ?? null,
    lastName: str(info.family_name) ?? (rest.length ? rest.join(" ") : null),
    username: str(info.preferred_username) ?? str(info.username),
  };
}
