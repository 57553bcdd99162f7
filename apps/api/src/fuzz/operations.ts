import {
  type JsonSchema,
  type OpenApiDocument,
  type RawOperation,
  rawOperations,
  resolveRefs,
  schemesOf,
} from "../testing/openapi-document.ts";

// The operations of an OpenAPI 3.1 document, as the fuzz needs them: where the inputs go, which schema each has and
// who may call the operation. Read from /api/openapi.json, so a new endpoint is covered without writing anything.

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

function callerOf(operation: RawOperation): Caller {
  const schemes = schemesOf(operation);
  if (schemes.length === 0) return "guest";
  if (schemes.includes("ingestToken")) return "ingest";
  return operation.responses?.["403"] ? "role" : "user";
}

/** Every operation of the document, in document order. */
export function listOperations(doc: OpenApiDocument): Operation[] {
  return [...rawOperations(doc)].map(({ method, path, raw }) => {
    const params: OperationParam[] = (raw.parameters ?? [])
      .filter((param) => param.in === "path" || param.in === "query")
      .map((param) => ({
        name: param.name,
        in: param.in as "path" | "query",
        required: param.required ?? param.in === "path",
        schema: resolveRefs(param.schema ?? {}, doc),
      }));
    const content = raw.requestBody?.content ?? {};
    const contentType = (["application/json", "multipart/form-data"] as const).find((type) => content[type]);
    return {
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
    };
  });
}

/** A path param that names a row: documented as an integer (path ids are `pathId`). */
export function isIdParam(param: OperationParam): boolean {
  const types = [param.schema.type].flat();
  return param.in === "path" && types.includes("integer");
}
