import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env.ts";
import { ApiError } from "./http-errors.ts";

/**
 * Caps a request body at `maxBytes` before anything parses it: a declared Content-Length over the cap is refused at
 * once, and the bytes actually read are counted too (chunked bodies, lying lengths), so an oversized body never sits
 * whole in memory. 413 `{message}` either way. The body read is handed on as the request's body.
 */
export function bodyLimit(maxBytes: number, message: string) {
  const tooLarge = () => new ApiError(413, message);
  return createMiddleware<AppEnv>(async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = Number(c.req.header("content-length") ?? Number.NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      await body.cancel().catch(() => {});
      throw tooLarge();
    }
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
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
