import { API_MESSAGES } from "@camatlas/shared";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../app-env.ts";
import { ApiError } from "../../lib/http-errors.ts";

export const fileTooLarge = () => new ApiError(413, API_MESSAGES.fileTooLarge);

/** Room for multipart boundaries and part headers on top of the files themselves. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Caps a request body at `maxBytes` of files (+ multipart overhead) before it is parsed: a declared Content-Length
 * over the cap is refused at once, and the bytes actually read are counted too (chunked bodies, lying lengths),
 * so an oversized upload never sits whole in memory. 413 `{message}` either way.
 */
export function uploadBodyLimit(maxBytes: number) {
  const cap = maxBytes + MULTIPART_OVERHEAD_BYTES;
  return createMiddleware<AppEnv>(async (c, next) => {
    const declared = Number(c.req.header("content-length") ?? Number.NaN);
    if (Number.isFinite(declared) && declared > cap) throw fileTooLarge();
    const body = c.req.raw.body;
    if (!body) return next();
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > cap) {
        await reader.cancel().catch(() => {});
        throw fileTooLarge();
      }
      chunks.push(value);
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set("content-length", String(size));
    c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers, body: bytes });
    await next();
  });
}
