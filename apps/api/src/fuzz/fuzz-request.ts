import type { CaseBody, FuzzCase } from "./bad-input.ts";
import type { Operation } from "./operations.ts";

// One generated case as an HTTP request to the in-process API.

function bodyInit(body: CaseBody): { body?: BodyInit; contentType: string | null } {
  switch (body.type) {
    case "json":
      return { body: JSON.stringify(body.value), contentType: "application/json" };
    case "raw":
      return { body: body.text, contentType: body.contentType };
    case "multipart": {
      const form = new FormData();
      for (const file of body.files) {
        if (typeof file.bytes === "string") form.append(file.field, file.bytes);
        else
          form.append(
            file.field,
            new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: "image/png" }),
          );
      }
      // The boundary is set by Request from the FormData.
      return { body: form, contentType: null };
    }
    case "none":
      return { contentType: body.contentType };
  }
}

export function toRequest(
  operation: Operation,
  fuzzCase: FuzzCase,
  headers: Record<string, string>,
): Request {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => fuzzCase.pathParams[name] ?? "1");
  const url = `http://localhost${path}${fuzzCase.query ? `?${fuzzCase.query}` : ""}`;
  const { body, contentType } = bodyInit(fuzzCase.body);
  const all = new Headers(headers);
  if (contentType) all.set("content-type", contentType);
  return new Request(url, {
    method: operation.method,
    headers: all,
    ...(body !== undefined ? { body } : {}),
  });
}

/** A short description of the case for a failure message (big bodies cut). */
export function describeCase(operation: Operation, fuzzCase: FuzzCase): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => fuzzCase.pathParams[name] ?? "1");
  const body = fuzzCase.body;
  const shown =
    body.type === "json"
      ? JSON.stringify(body.value)
      : body.type === "raw"
        ? `${body.contentType ?? "(no type)"} ${JSON.stringify(body.text)}`
        : body.type === "multipart"
          ? `multipart ${body.files.map((f) => `${f.field}=${f.name}(${f.bytes.length} B)`).join(", ")}`
          : `(no body, ${body.contentType ?? "no type"})`;
  return `[${fuzzCase.kind}] ${operation.method} ${path}${fuzzCase.query ? `?${fuzzCase.query.slice(0, 120)}` : ""} ${shown.slice(0, 300)}`;
}
