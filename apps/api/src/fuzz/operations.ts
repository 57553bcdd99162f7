// The operations of an OpenAPI 3.1 document, as the fuzz needs them: where the inputs go, which schema each has and
// who may call the operation. Read from /api/openapi.json, so a new endpoint is covered without writing anything.

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

export interface OperationParam {
  name: string;
  in: "path" | "query";
  required: boolean;
  schema: JsonSchema;
}

/** Who calls it: a guest, a signed-in user (any role, or the roles the 403 reply speaks of), or the ingest token. */
export type Caller = "guest" | "user" | "role" | "ingest";

export interface Operation {
  /** "POST /api/models/{id}/change-rating" */
  name: string;
  method: string;
  path: string;
  operationId: string;
  params: OperationParam[];
  body: {
    contentType: "application/json" | "multipart/form-data";
    schema: JsonSchema;
    required: boolean;
  } | null;
  caller: Caller;
  isWrite: boolean;
}

interface RawOperation {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = ["get", "post", "put", "patch", "delete"];

/** Inlines `#/components/schemas/…` references (depth-limited: recursive schemas stop being followed). */
export function resolveRefs(schema: JsonSchema, doc: OpenApiDocument, depth = 0): JsonSchema {
  if (depth > 20) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace("#/components/schemas/", "");
    return resolveRefs(doc.components?.schemas?.[name] ?? {}, doc, depth + 1);
  }
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

function callerOf(operation: RawOperation): Caller {
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (schemes.length === 0) return "guest";
  if (schemes.includes("ingestToken")) return "ingest";
  return operation.responses?.["403"] ? "role" : "user";
}

/** Every operation of the document, in document order. */
export function listOperations(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const raw = item[method];
      if (!raw) continue;
      const params: OperationParam[] = (raw.parameters ?? [])
        .filter((param) => param.in === "path" || param.in === "query")
        .map((param) => ({
          name: param.name,
          in: param.in as "path" | "query",
          required: param.required ?? param.in === "path",
          schema: resolveRefs(param.schema ?? {}, doc),
        }));
      const content = raw.requestBody?.content ?? {};
      const contentType = (["application/json", "multipart/form-data"] as const).find(
        (type) => content[type],
      );
      operations.push({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        operationId: raw.operationId ?? `${method} ${path}`,
        params,
        body: contentType
          ? {
              contentType,
              schema: resolveRefs(content[contentType]?.schema ?? {}, doc),
              required: raw.requestBody?.required ?? false,
            }
          : null,
        caller: callerOf(raw),
        isWrite: method !== "get",
      });
    }
  }
  return operations;
}

/** A path param that names a row: documented as an integer (path ids are `pathId`). */
export function isIdParam(param: OperationParam): boolean {
  const types = [param.schema.type].flat();
  return param.in === "path" && types.includes("integer");
}
