import type { z } from "zod";

// One API operation as both sides see it. The API builds its OpenAPI route from it (and validates its replies against
// `reply` in tests); the web's client takes the same object, so a caller never states a reply type by hand.

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";
export type SuccessStatus = 200 | 201 | 202 | 204;

export interface Endpoint {
  readonly method: HttpMethod;
  /** OpenAPI path template under /api, e.g. `/models/{id}`. */
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** JSON request body. */
  readonly body?: z.ZodType;
  /** Multipart form fields (uploads); the file itself is checked by the handler. */
  readonly form?: z.ZodType;
  /** The body may be left out (a decision's optional note, an upload the handler reads itself); the handler gets `{}`. */
  readonly optionalBody?: boolean;
  /** The success reply's body. */
  readonly reply: z.ZodType;
  /** The success status; 200 when absent. */
  readonly status?: SuccessStatus;
}

/** Declares an endpoint, keeping its literal types for both sides. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller passes: path params and a body when the endpoint has them, a query when it takes one. */
export type EndpointInput<E extends Endpoint> = (E["params"] extends z.ZodType
  ? { params: InputOf<E["params"]> }
  : { params?: undefined }) &
  (E["query"] extends z.ZodType ? { query?: InputOf<E["query"]> } : { query?: undefined }) &
  (E["body"] extends z.ZodType
    ? E["optionalBody"] extends true
      ? { body?: InputOf<E["body"]> }
      : { body: InputOf<E["body"]> }
    : { body?: undefined }) &
  (E["form"] extends z.ZodType ? { form: FormData } : { form?: undefined });

/** The success reply's type, as the client receives it (JSON: dates are strings, as the schemas say). */
export type EndpointReply<E extends Endpoint> = z.output<E["reply"]>;

/** `/models/{id}` + `{id: 7}` → `/models/7`; every value is URI-encoded. */
export function endpointPath(path: string, params?: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null)
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
