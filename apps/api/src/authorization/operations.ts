import type { Access, Ownership } from "../lib/contract-route.ts";
import {
  type JsonSchema,
  type OpenApiDocument,
  rawOperations,
  resolveRef,
  schemesOf,
} from "../testing/openapi-document.ts";
import type { TestApi } from "../testing/test-api.ts";

// The API's operations as the live OpenAPI document declares them, with the policy contractRoute writes beside each
// (x-access, x-owner): the authorization, ownership and visibility tests are generated from this list, so a new
// endpoint is covered (or fails for lack of a declared policy) without anyone editing the tests.

export interface Operation {
  method: string;
  /** The path under /api, with its `{param}` templates. */
  path: string;
  operationId: string;
  access: Access | undefined;
  owner: Ownership | undefined;
  /** The security schemes that may authorize it (bearerAuth/cookieAuth: the session; ingestToken: its own). */
  schemes: string[];
  params: string[];
  /** Its query parameters' names. */
  query: string[];
  body: "json" | "form" | null;
  /** The JSON request body's schema (resolved from the document), when it has one. */
  bodySchema: JsonSchema | null;
}

export async function loadDocument(t: TestApi): Promise<OpenApiDocument> {
  const res = await t.call("GET", "/api/openapi.json");
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  return res.json();
}

/** Every operation of the live API document (the tests read the routes as they are declared now). */
export async function liveOperations(t: TestApi): Promise<Operation[]> {
  return operationsOf(await loadDocument(t));
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return [...rawOperations(doc)].map(({ method, path, raw }) => {
    const content = raw.requestBody?.content ?? {};
    const json = content["application/json"];
    return {
      method: method.toUpperCase(),
      path: path.startsWith("/api") ? path : `/api${path}`,
      operationId: raw.operationId ?? `${method} ${path}`,
      access: raw["x-access"],
      owner: raw["x-owner"],
      schemes: schemesOf(raw),
      params: (raw.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
      query: (raw.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
      body: json ? "json" : content["multipart/form-data"] ? "form" : null,
      bodySchema: json ? resolveRef(doc, json.schema ?? {}) : null,
    };
  });
}

/** `/api/models/{id}` + `{id: 7}` → `/api/models/7`. */
export function urlOf(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (values[name] === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(String(values[name]));
  });
}

/** A request from its own client address, so per-IP rate limits of a long matrix never answer for the guard. */
let nextAddress = 0;
export function freshClientIp(): Record<string, string> {
  nextAddress += 1;
  return {
    "CamAtlas-Client-Ip": `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`,
    "x-internal-token": "test-internal-token",
  };
}

export const describeOperation = (op: Operation) => `${op.method} ${op.path}`;
