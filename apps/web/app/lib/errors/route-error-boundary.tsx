import { clientErrorText, ERROR_TEXT } from "@camatlas/shared";
import { useEffect } from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { NotFoundView } from "../../components/not-found-view.tsx";
import { errorText } from "./error-contract.ts";
import type { LoaderErrorData } from "./loader-errors.ts";
import { showError } from "./snackbar-store.ts";

/**
 * Error boundary for route modules (`export { RouteErrorBoundary as ErrorBoundary }`): 404 → the not-found
 * page; other failures → a short error page plus the snackbar text of the contract.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const response = isRouteErrorResponse(error) ? error : null;
  const payload = (response?.data ?? {}) as LoaderErrorData;
  const isNotFound = response?.status === 404;
  const text = response
    ? (payload.snackbar ?? clientErrorText({ status: response.status, body: response.data }))
    : errorText(error);

  useEffect(() => {
    if (!isNotFound) showError(text);
  }, [isNotFound, text]);

  if (isNotFound) return <NotFoundView {...payload.notFound} />;
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <title>Something went wrong</title>
      <p className="text-6xl font-bold text-brand-600" aria-hidden="true">
        {response?.status ?? 500}
      </p>
      <h1 className="mt-4 text-2xl font-semibold">Something went wrong</h1>
      <p className="mt-3 text-neutral-600">{text.replace(ERROR_TEXT.snackbarPrefix, "")}</p>
      <Link to="/" className="mt-8 inline-block text-brand-600 underline">
        Go to the home page
      </Link>
    </div>
  );
}
