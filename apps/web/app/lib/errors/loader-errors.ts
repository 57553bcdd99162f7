import { data, redirect } from "react-router";
import { isRedirectReply, type RedirectReply, resolveError } from "./error-contract.ts";

// Loaders: a failed API call becomes the page the contract asks for. The route's ErrorBoundary
// (route-error-boundary.tsx) renders 404s as the not-found page at the requested address and shows the snackbar
// for the rest.

export interface NotFoundTexts {
  title: string;
  text: string;
}

/** What a thrown loader error carries for the boundary. */
export interface LoaderErrorData {
  snackbar?: string;
  notFound?: NotFoundTexts;
}

/** Throws the not-found page with status 404 (optionally with the configured texts). */
export function notFound(texts?: NotFoundTexts): never {
  throw data<LoaderErrorData>(texts ? { notFound: texts } : {}, { status: 404 });
}

/** Rethrows an API failure as the contract's response: redirect (301), 404 page, or an error page + snackbar. */
export function throwLoaderError(error: unknown, texts?: NotFoundTexts): never {
  // Responses thrown on purpose (redirects, 404s) pass through untouched.
  if (error instanceof Response) throw error;
  if (typeof error === "object" && error !== null && "type" in error && error.type === "DataWithResponseInit")
    throw error;
  const outcome = resolveError(error);
  if (outcome.kind === "redirect") throw redirect(outcome.url, 301);
  if (outcome.kind === "not-found") notFound(texts);
  throw data<LoaderErrorData>(
    { snackbar: outcome.text },
    { status: outcome.status >= 400 ? outcome.status : 502 },
  );
}

/** Redirect replies (`is_redirect` + `redirect_url`) send the visitor to the new address with a 301. */
export function followRedirectReply<T>(body: T): Exclude<T, RedirectReply> {
  if (isRedirectReply(body)) throw redirect(body.redirect_url, 301);
  return body as Exclude<T, RedirectReply>;
}

/** Awaits an API call for a loader, applying the whole contract (a redirect reply never comes back). */
export async function apiLoad<T>(
  call: Promise<T>,
  texts?: NotFoundTexts,
): Promise<Exclude<T, RedirectReply>> {
  let body: T;
  try {
    body = await call;
  } catch (error) {
    throwLoaderError(error, texts);
  }
  return followRedirectReply(body);
}
