import { COOKIE_MAX_AGE, COOKIE_NAMES } from "@camatlas/shared";
import type { Context } from "hono";
import type { AppEnv } from "../../app-env.ts";

interface CookieOptions {
  maxAge: number;
  httpOnly: boolean;
  secure: boolean;
  domain: string | undefined;
}

/**
 * Serialised by hand because Hono refuses Max-Age over 400 days and the spec asks for 50 years
 * (browsers clamp it to their own ceiling).
 */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${options.maxAge}`,
    "Path=/",
    "SameSite=Lax",
  ];
  if (options.maxAge > 0) parts.push(`Expires=${new Date(Date.now() + options.maxAge * 1000).toUTCString()}`);
  else parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (options.domain) parts.push(`Domain=${options.domain}`);
  if (options.httpOnly) parts.push("HttpOnly");
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

/**
 * Spec §3/§9: token, user id and role cookies live 50 years. Only the token is httpOnly; the user id and role
 * cookies are read by the page for guards (the API checks roles on every call regardless).
 */
export function setSessionCookies(c: Context<AppEnv>, token: string, user: { id: number; roleId: number }) {
  const { env } = c.var.deps;
  const base = { secure: env.APP_ENV === "production", domain: env.COOKIE_DOMAIN };
  c.header(
    "Set-Cookie",
    serializeCookie(COOKIE_NAMES.token, token, { ...base, maxAge: COOKIE_MAX_AGE.token, httpOnly: true }),
    {
      append: true,
    },
  );
  c.header(
    "Set-Cookie",
    serializeCookie(COOKIE_NAMES.userId, String(user.id), {
      ...base,
      maxAge: COOKIE_MAX_AGE.userId,
      httpOnly: false,
    }),
    { append: true },
  );
  c.header(
    "Set-Cookie",
    serializeCookie(COOKIE_NAMES.role, String(user.roleId), {
      ...base,
      maxAge: COOKIE_MAX_AGE.role,
      httpOnly: false,
    }),
    { append: true },
  );
}

export function clearSessionCookies(c: Context<AppEnv>) {
  const { env } = c.var.deps;
  for (const name of [COOKIE_NAMES.token, COOKIE_NAMES.userId, COOKIE_NAMES.role]) {
    c.header(
      "Set-Cookie",
      serializeCookie(name, "", {
        maxAge: 0,
        httpOnly: name === COOKIE_NAMES.token,
        secure: env.APP_ENV === "production",
        domain: env.COOKIE_DOMAIN,
      }),
      { append: true },
    );
  }
}

/** After a role change the role cookie (read by the page guards) follows; the session itself stays. */
export function setRoleCookie(c: Context<AppEnv>, roleId: number) {
  const { env } = c.var.deps;
  c.header(
    "Set-Cookie",
    serializeCookie(COOKIE_NAMES.role, String(roleId), {
      maxAge: COOKIE_MAX_AGE.role,
      httpOnly: false,
      secure: env.APP_ENV === "production",
      domain: env.COOKIE_DOMAIN,
    }),
    { append: true },
  );
}
