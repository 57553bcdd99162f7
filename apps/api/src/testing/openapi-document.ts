import type { Access, Ownership } from "../lib/contract-route.ts";

// The live OpenAPI 3.1 document as the generated tests read it (the authorization matrix, the ownership and
// visibility tests, the fuzz): one reading of its shape, its `$ref`s and its operations, so the suites that are
// generated from it cannot disagree on what the API declares.

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  nullable?: boolean;
};

export interface RawParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface RawOperation {
  operationId?: string;
  /** The policy contractRoute writes beside each operation. */
  "x-access"?: Access;
  "x-owner"?: Ownership;
  parameters?: RawParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** Reads the document the API serves, through the test client of the caller's choice. */
export async function fetchDocument(fetchApi: (request: Request) => Response | Promise<Response>) {
  const res = await fetchApi(new Request("http://localhost/api/openapi.json"));
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
  return (await res.json()) as OpenApiDocument;
}

/** Every (method, path, operation) of the document, in document order; paths as the document writes them. */
export function* rawOperations(
  doc: OpenApiDocument,
): Generator<{ method: (typeof METHODS)[number]; path: string; raw: RawOperation }> {
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const raw = item[method];
      if (raw) yield { method, path, raw };
    }
  }
}

/** Follows a schema's own `$ref` (one level at a time, for walks that descend themselves). */
export function resolveRef(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  return resolveRef(doc, doc.components?.schemas?.[refName(schema.$ref)] ?? {});
}

/** Inlines every `#/components/schemas/…` reference (depth-limited: recursive schemas stop being followed). */
export function resolveRefs(schema: JsonSchema, doc: OpenApiDocument, depth = 0): JsonSchema {
  if (depth > 20) return {};
  if (schema.$ref) return resolveRefs(doc.components?.schemas?.[refName(schema.$ref)] ?? {}, doc, depth + 1);
  const out: JsonSchema = { ...schema };
  if (schema.items) out.items = resolveRefs(schema.items, doc, depth + 1);
  if (schema.properties)
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, resolveRefs(value, doc, depth + 1)]),
    );
  if (typeof schema.additionalProperties === "object")
    out.additionalProperties = resolveRefs(schema.additionalProperties, doc, depth + 1);
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const list = schema[key];
    if (list) out[key] = list.map((item) => resolveRefs(item, doc, depth + 1));
  }
  return out;
}

/** The security schemes that may authorize an operation (none: anyone may call it). */
export function schemesOf(raw: RawOperation): string[] {
  return (raw.security ?? []).flatMap((requirement) => Object.keys(requirement));
}

const refName = (ref: string) => ref.replace("#/components/schemas/", "");
