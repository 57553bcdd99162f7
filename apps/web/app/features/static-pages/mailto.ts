/**
 * A mailto: link to one address. Each side of the last `@` is percent-encoded, so an address can only ever name a
 * recipient: `?`, `&`, `#` or `%` in it cannot add a subject, a body or another header (RFC 6068).
 */
export function mailtoHref(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 0) return `mailto:${encodeURIComponent(email)}`;
  return `mailto:${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
}
