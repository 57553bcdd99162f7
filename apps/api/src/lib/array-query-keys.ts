/**
 * Spec §7 sends arrays as `name[]`. Hono's validators read keys verbatim, so the API renames `name[]` and
 * `name[0]` to `name` before routing; repeated keys then arrive as arrays.
 */
export function stripArrayQueryKeys(request: Request): Request {
  const url = new URL(request.url);
  if (!url.search.includes("%5B") && !url.search.includes("[")) return request;
  const params = new URLSearchParams();
  for (const [key, value] of url.searchParams) params.append(key.replace(/\[\d*\]$/, ""), value);
  url.search = params.toString();
  return new Request(url, request);
}
