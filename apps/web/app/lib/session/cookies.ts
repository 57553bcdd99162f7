import { COOKIE_NAMES, parseRoleId, type RoleId } from "@camatlas/shared";

// Reading the session cookies (spec §3, §6): token (httpOnly), user_id and role. The API sets and clears them;
// the web only reads them, for guards and to decide whether a call runs as a signed-in user.

/** name → value of a Cookie header (first occurrence wins, values decoded). */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    if (cookies.has(name)) continue;
    const raw = part.slice(index + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return cookies;
}

/** The Cookie header with one cookie replaced (value given) or removed (null). */
export function withCookie(header: string | null | undefined, name: string, value: string | null): string {
  const kept = (header ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part !== "" && part.slice(0, part.indexOf("=")).trim() !== name);
  if (value !== null) kept.push(`${name}=${encodeURIComponent(value)}`);
  return kept.join("; ");
}

/** name → value of the cookies a response sets ("" for a cleared cookie). */
export function setCookieValues(setCookies: readonly string[]): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of setCookies) {
    const first = line.split(";")[0] ?? "";
    const index = first.indexOf("=");
    if (index <= 0) continue;
    const name = first.slice(0, index).trim();
    const raw = first.slice(index + 1).trim();
    const cleared = /max-age=0(?:;|$)/i.test(line.replace(/\s/g, ""));
    try {
      values.set(name, cleared ? "" : decodeURIComponent(raw));
    } catch {
      values.set(name, cleared ? "" : raw);
    }
  }
  return values;
}

export interface SessionCookies {
  /** Spec §4: logged in when a token cookie exists. */
  signedIn: boolean;
  userId: number | undefined;
  roleId: RoleId | undefined;
}

export function sessionFromCookieHeader(header: string | null | undefined): SessionCookies {
  const cookies = parseCookieHeader(header);
  const userId = Number(cookies.get(COOKIE_NAMES.userId));
  return {
    signedIn: Boolean(cookies.get(COOKIE_NAMES.token)),
    userId: Number.isInteger(userId) && userId > 0 ? userId : undefined,
    roleId: parseRoleId(cookies.get(COOKIE_NAMES.role)),
  };
}
