// The one rule for every redirect target that comes from input (the age gate's redirect_to, OAuth's redirect, the
// login form's redirect): a path on this site, or a safe default. Browsers drop tabs and newlines and read `\` as
// `/`, so "/\t/evil.example" or "/\\evil.example" would leave the site; a newline in a Location header fails the reply.

/** Longer targets are not kept (a cookie carries OAuth's). */
export const RETURN_PATH_MAX_LENGTH = 2048;

const BASE = "http://site.invalid";

/**
 * `value` as a path on this site (`/x?y#z`, normalised), or `fallback`: refused are anything not starting with one
 * `/`, control characters, backslashes, and whatever normalises to `//host` (e.g. "/.//evil.example").
 */
export function safeReturnPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > RETURN_PATH_MAX_LENGTH)
    return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  // C0 controls and DEL (URL parsers drop them, headers refuse them) and backslashes (read as `/`).
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return fallback;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can turn "/./" + "/host" into a protocol-relative "//host".
  if (path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}
