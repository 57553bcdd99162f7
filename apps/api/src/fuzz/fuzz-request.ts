import type { CaseBody, FuzzCase } from "./bad-input.ts";
import type { Operation } from "./operations.ts";

// One generated case as an HTTP request to the in-process API.

/**
 * A multipart body as bytes in memory. A FormData body would be streamed by the platform's Request, and a refusal
 * that stops reading it early (413) leaves that stream's pump writing into a closed stream: an unhandled rejection
 * of the test process, not an answer of the API.
 */
function multipartBytes(files: Extract<CaseBody, { type: "multipart" }>["files"]) {
  const boundary = "----fuzz-boundary-7f3a9c";
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const file of files) {
    const isFile = typeof file.bytes !== "string";
    parts.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"` +
          (isFile ? `; filename="${file.name}"\r\nContent-Type: image/png` : "") +
          "\r\n\r\n",
      ),
      typeof file.bytes === "string" ? encoder.encode(file.bytes) : file.bytes,
      encoder.encode("\r\n"),
    );
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    body.set(part, offset);
    offset += part.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

function bodyInit(body: CaseBody): { body?: BodyInit; contentType: string | null } {
  switch (body.type) {
    case "json":
      return { body: JSON.stringify(body.value), contentType: "application/json" };
    case "raw":
      return { body: body.text, contentType: body.contentType };
    case "multipart":
      return multipartBytes(body.files);
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
