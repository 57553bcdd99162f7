import { MESSAGES } from "@camatlas/shared";

/** An error that maps to one HTTP reply: `{message}`, or `{message, errors}` for 422. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]> | undefined;

  constructor(status: number, message: string, errors?: Record<string, string[]>) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.errors = errors;
  }
}

export const notFound = (message: string = MESSAGES.api.notFound) => new ApiError(404, message);
export const forbidden = (message: string = MESSAGES.api.unauthorized) => new ApiError(403, message);
export const unauthorized = (message: string = MESSAGES.api.unauthenticated) => new ApiError(401, message);
export const tooManyRequests = () => new ApiError(429, MESSAGES.api.tooManyRequests);
export const validationFailed = (
  errors: Record<string, string[]>,
  message: string = MESSAGES.api.validationFailed,
) => new ApiError(422, message, errors);
