// The client's error contract (spec §8) in one module: import from here in routes, forms and browser code.
export {
  type ActionResult,
  actionFailure,
  actionInvalid,
  actionSuccess,
  type FailureOptions,
  resultText,
} from "./action-result.ts";
export { browserCall, handleClientError } from "./browser-api.ts";
export { errorText, isRedirectReply, type RedirectReply, resolveError } from "./error-contract.ts";
export { fieldError, fieldErrors, type IntentResult, intentFailure, intentSuccess } from "./intent-result.ts";
export {
  apiLoad,
  followRedirectReply,
  type LoaderErrorData,
  type NotFoundTexts,
  notFound,
  throwLoaderError,
} from "./loader-errors.ts";
export { RouteErrorBoundary } from "./route-error-boundary.tsx";
export { SnackbarHost, SnackbarProvider, useSnackbarNote } from "./snackbar.tsx";
export { showError, showSuccess, snackbar } from "./snackbar-store.ts";
