import { clientErrorText, ERROR_TEXT } from "@camatlas/shared";
import { useEffect } from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { NotFoundView } from "../../components/not-found-view.tsx";
import { StatusView } from "../../components/ui/status-view.tsx";
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
    <StatusView
      status={response?.status ?? 500}
      title="Something went wrong"
      text={text.replace(ERROR_TEXT.snackbarPrefix, "")}
    >
      <title>Something went wrong</title>
      <Link to="/" className="text-accent underline">
        Go to the home page
      </Link>
    </StatusView>
  );
}
