import type { Access, Ownership } from "../lib/contract-route.ts";
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

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  [key: string]: unknown;
}

interface OpenApiOperation {
  operationId: string;
  "x-access"?: Access;
  "x-owner"?: Ownership;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

const METHODS = ["get", "post", "put", "patch", "delete"];

export async function loadDocument(t: TestApi): Promise<OpenApiDocument> {
  const res = await t.call("GET", "/api/openapi.json");
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  return res.json();
}

/** Every operation of the live API document (the tests read the routes as they are declared now). */
export async function liveOperations(t: TestApi): Promise<Operation[]> {
  return operationsOf(await loadDocument(t));
}

/** Resolves `$ref`s into the document's components (one level at a time, as the walk needs them). */
export function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split("/").pop()!;
  return resolve(doc, doc.components?.schemas?.[name] ?? {});
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [docPath, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const content = op.requestBody?.content ?? {};
      const json = content["application/json"];
      out.push({
        method: method.toUpperCase(),
        path: docPath.startsWith("/api") ? docPath : `/api${docPath}`,
        operationId: op.operationId,
        access: op["x-access"],
        owner: op["x-owner"],
        schemes: (op.security ?? []).flatMap((requirement) => Object.keys(requirement)),
        params: (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
        query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
        body: json ? "json" : content["multipart/form-data"] ? "form" : null,
        bodySchema: json ? resolve(doc, json.schema) : null,
      });
    }
  }
  return out;
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
