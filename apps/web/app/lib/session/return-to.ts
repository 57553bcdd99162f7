import { safeReturnPath as sitePath } from "@camatlas/shared";

// After login the user returns to the page visited before (spec §2): the last page is stored locally
// (localStorage, with JavaScript) and also travels as the `redirect` query parameter (without JavaScript).

export const RETURN_TO_STORAGE_KEY = "camatlas.return_to";
export const REDIRECT_PARAM = "redirect";

/** Pages that make no sense to return to after signing in. */
const NOT_RETURNABLE = /^\/(?:login|register|logout|auth\/)/;

/**
 * A safe place to go after login: a path on this site only (the site-wide rule of @camatlas/shared), never an auth
 * page. Anything else gives the fallback.
 */
export function safeReturnPath(value: string | null | undefined, fallback = "/"): string {
  const path = sitePath(value, "");
  if (!path || NOT_RETURNABLE.test(path)) return fallback;
  return path;
}

/** Whether a visited page should be remembered as the place to return to. */
export function isReturnable(path: string): boolean {
  return safeReturnPath(path, "") !== "";
}

/** /login, carrying where to come back to when that is somewhere other than home. */
export function loginPath(returnTo: string | null | undefined): string {
  const target = safeReturnPath(returnTo, "/");
  return target === "/" ? "/login" : `/login?${new URLSearchParams({ [REDIRECT_PARAM]: target })}`;
}

export function rememberVisitedPage(path: string, storage: Pick<Storage, "setItem"> | undefined): void {
  if (!storage || !isReturnable(path)) return;
  try {
    storage.setItem(RETURN_TO_STORAGE_KEY, path);
  } catch {
    // Private mode or a full storage: the redirect parameter still works.
  }
}

export function storedReturnPath(storage: Pick<Storage, "getItem"> | undefined): string | null {
  try {
    const value = storage?.getItem(RETURN_TO_STORAGE_KEY) ?? null;
    return value && isReturnable(value) ? value : null;
  } catch {
    return null;
  }
}
