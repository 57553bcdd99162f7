import { API_MESSAGES, BODY_LIMITS, type RoleId, validationErrorSchema } from "@camatlas/shared";
import { type Endpoint, messageReply } from "@camatlas/shared/api-contract";
import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env.ts";
import { requireUser } from "../middleware/authenticate.ts";
import { requireAdmin, requireRole } from "../middleware/require-role.ts";
import { bodyLimit } from "./body-limit.ts";
import type { InvalidationScope } from "./cache-invalidation.ts";

/**
 * Who may call an endpoint. Declared on every route, so the guard, the OpenAPI document's 401/403 replies and the
 * authorization tests read the same fact.
 */
export type Access =
  | "public"
  /** Any signed-in user; the handler checks ownership. */
  | "user"
  | "admin"
  | { roles: readonly RoleId[] }
  /** Its own credential (ingest token, internal token): the handler checks it. */
  | "token";

/** Resources a signed-in user owns, that only she (and admins) may act on through routes naming them. */
export type OwnedResource =
  | "media"
  | "model"
  | "model_link"
  | "notification"
  | "story"
  /** A user review: its author. */
  | "user_review"
  /** A user review of a model bound to her: the camgirl (she may hide it). */
  | "user_review_of_own_model"
  /** A comment: its author. */
  | "comment"
  /** A comment in the thread of a model bound to her: the camgirl (she may hide it). */
  | "model_comment"
  /** A forum topic: its starter. */
  | "forum_topic"
  /** A forum post: its author. */
  | "forum_post";

/**
 * Whose resource a signed-in route (access "user" or roles) acts on, declared beside its access so the
 * authorization matrix test (src/authorization/) knows what every role must get: "self" (the caller's own account
 * or uploads; nothing of anyone else's can be named), "anyone" (any signed-in user may act on any resource, e.g.
 * a proposal an admin reviews, a rating), or the resource the path's `{id}` names, which only its owner (and admins,
 * when `admins` is true) may touch, with the status anyone else gets.
 */
export type Ownership = "self" | "anyone" | { resource: OwnedResource; others: 403 | 404; admins: boolean };

export interface RouteExtras {
  access: Access;
  /** Required for "user" and roles routes (the authorization matrix test fails without it). */
  owner?: Ownership;
  summary: string;
  tags: string[];
  description?: string;
  /** Middleware run after the access guard (rate limits, upload limits). */
  middleware?: MiddlewareHandler<AppEnv>[];
  /**
   * Extra documented replies (e.g. 409, 413) by status: their description; the body is `{message}`. `false` drops a
   * standard one the route never sends (a 404 for a path parameter that is validated as a 422 instead).
   */
  errors?: Record<number, string | false>;
  /** The success reply's description; "OK" when absent. */
  replyDescription?: string;
  /** The operation's id in the OpenAPI document; derived from method and path when absent (`getModelsByIdLikeHer`). */
  operationId?: string;
  /** The security requirement of a "token" route (its own scheme); "user"/"admin"/roles routes get the session's. */
  security?: Record<string, string[]>[];
  /**
   * What a successful call changes for the caches (lib/cache-invalidation.ts): `["catalog"]` for every write unless
   * declared, nothing for reads. A write that changes no public read (sign-in, counters, error reports) says `[]`.
   */
  invalidates?: readonly InvalidationScope[];
  /**
   * The largest request body, in bytes: 413 `{message}` past it, before anything parses it. Every non-GET route has
   * one, BODY_LIMITS.json unless declared; a route whose payload needs more (long texts, uploads, ingest) declares
   * its bytes, with its own 413 text when it has one.
   */
  bodyLimit?: number | { bytes: number; message: string };
  /**
   * The handler reads its multipart body as a stream (video uploads up to 1 GB): the body is neither buffered by the
   * body limit nor parsed by a form validator; the handler caps the bytes it reads at `bodyLimit` and answers 415 for
   * another content type itself. The document still describes the form.
   */
  streamedBody?: boolean;
}

/** A zod schema as a plain JSON Schema for the document (without the dialect line OpenAPI does not take). */
function plainSchema(schema: z.ZodType) {
  const { $schema: _dialect, ...plain } = z.toJSONSchema(schema, { io: "input" });
  return plain as Record<string, unknown>;
}

/** What the route allows, or null for reads (their bodies are never read). */
function bodyLimitOf(endpoint: Endpoint, declared: RouteExtras["bodyLimit"]) {
  if (endpoint.method === "get") return null;
  if (declared === undefined) return { bytes: BODY_LIMITS.json, message: API_MESSAGES.bodyTooLarge };
  return typeof declared === "number" ? { bytes: declared, message: API_MESSAGES.bodyTooLarge } : declared;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;

export const jsonContent = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
});

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `get` + `/models/{id}/like-her` → `getModelsByIdLikeHer`: unique, since method and path are. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split("/")
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      return param?.[1] ? ["by", ...param[1].split(/[_-]/)] : segment.split(/[^a-zA-Z0-9]+/);
    })
    .filter(Boolean);
  return method + words.map(capitalize).join("");
}

/** The session token: `Authorization: Bearer …` or the `token` cookie the site sets. */
export const SESSION_SECURITY: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];

/** After a successful write, tells this process's caches and (with Redis) the other processes' what it changed. */
function publishOnSuccess(scopes: readonly InvalidationScope[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.status < 400) for (const scope of scopes) c.var.deps.invalidation.publish(scope);
  };
}

function accessGuard(access: Access): MiddlewareHandler<AppEnv>[] {
  if (access === "user") return [requireUser()];
  if (access === "admin") return [requireAdmin()];
  if (typeof access === "object") return [requireRole(...access.roles)];
  return [];
}

/**
 * The one way a module declares a route: the endpoint from packages/shared (method, path, request and reply schemas)
 * plus who may call it. The standard error replies (401, 403, 404, 422, 429) are documented from what the route
 * takes, each with the shared error body.
 */
export function contractRoute<const E extends Endpoint>(endpoint: E, extras: RouteExtras) {
  const status = endpoint.status ?? 200;
  const invalidates = extras.invalidates ?? (endpoint.method === "get" ? [] : (["catalog"] as const));
  const errors: Record<number, { description: string } & ReturnType<typeof jsonContent>> = {};
  const error = (code: number, description: string) => {
    errors[code] = { description, ...jsonContent(messageReply) };
  };
  if (extras.access !== "public") {
    error(401, extras.access === "token" ? "Missing or wrong token" : "Sign in first");
    if (extras.access !== "user" && extras.access !== "token") error(403, "Not allowed for this role");
  }
  if (endpoint.params) error(404, "Not found");
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.form)
    errors[422] = {
      description: "Invalid input: the first error of each field",
      ...jsonContent(validationErrorSchema),
    };
  const limit = bodyLimitOf(endpoint, extras.bodyLimit);
  if (limit) error(413, `Body over ${sizeText(limit.bytes)}`);
  if (endpoint.body || endpoint.form) error(415, "Not the content type the route takes");
  if (endpoint.method !== "get") error(429, "Too many requests");
  for (const [code, description] of Object.entries(extras.errors ?? {})) {
    if (description === false) delete errors[Number(code)];
    else error(Number(code), description);
  }

  const request: Record<string, unknown> = {};
  if (endpoint.params) request.params = endpoint.params;
  if (endpoint.query) request.query = endpoint.query;
  const required = !endpoint.optionalBody;
  if (endpoint.body) request.body = { ...jsonContent(endpoint.body), required };
  if (endpoint.form)
    request.body = {
      content: {
        // A JSON Schema rather than zod: zod-openapi then adds no validator that would read the whole body.
        "multipart/form-data": {
          schema: extras.streamedBody ? plainSchema(endpoint.form) : endpoint.form,
        },
      },
      required,
    };

  const success =
    status === 204
      ? { description: extras.replyDescription ?? "No content" }
      : { description: extras.replyDescription ?? "OK", ...jsonContent(endpoint.reply) };

  const security =
    extras.access === "public" ? undefined : extras.access === "token" ? extras.security : SESSION_SECURITY;

  return createRoute({
    method: endpoint.method,
    path: endpoint.path,
    operationId: extras.operationId ?? operationIdOf(endpoint.method, endpoint.path),
    // The declared policy, in the document, for the authorization tests and any client that wants it.
    "x-access": extras.access,
    ...(extras.owner ? { "x-owner": extras.owner } : {}),
    ...(security ? { security } : {}),
    tags: extras.tags,
    summary: extras.summary,
    ...(extras.description ? { description: extras.description } : {}),
    middleware: [
      ...(invalidates.length > 0 ? [publishOnSuccess(invalidates)] : []),
      ...accessGuard(extras.access),
      ...(extras.middleware ?? []),
      // Last: the body is read only once the caller may send it.
      ...(limit && !extras.streamedBody ? [bodyLimit(limit.bytes, limit.message)] : []),
    ],
    request: request as ContractRequest<E>,
    responses: { [status]: success, ...errors } as ContractResponses<E>,
  });
}

type JsonBody<S> = S extends z.ZodType
  ? { content: { "application/json": { schema: S } }; required: true }
  : never;
type FormBody<S> = S extends z.ZodType
  ? { content: { "multipart/form-data": { schema: S } }; required: true }
  : never;

/** The request part of the route, typed from the endpoint so handlers get typed `c.req.valid(…)`. */
type ContractRequest<E extends Endpoint> = (E["params"] extends z.ZodType
  ? { params: E["params"] }
  : object) &
  (E["query"] extends z.ZodType ? { query: E["query"] } : object) &
  (E["body"] extends z.ZodType ? { body: JsonBody<E["body"]> } : object) &
  (E["form"] extends z.ZodType ? { body: FormBody<E["form"]> } : object);

type StatusOf<E extends Endpoint> = E["status"] extends number ? E["status"] : 200;

/**
 * The success reply typed from the endpoint: handlers must answer `c.json(reply, status)` with its shape. Error
 * replies are documented at run time but left out of the type: handlers throw them (lib/http-errors.ts).
 */
type ContractResponses<E extends Endpoint> = {
  [K in StatusOf<E>]: K extends 204
    ? { description: string }
    : { description: string; content: { "application/json": { schema: E["reply"] } } };
};
