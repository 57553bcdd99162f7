import { MESSAGES } from "@camatlas/shared";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../app-env.ts";
import { forbidden } from "../lib/http-errors.ts";
import { validationHook } from "../lib/validation-hook.ts";
import { handleError } from "./error-handler.ts";

// A route wired with the same validation hook and error handler as every API module.
function appWithJsonRoute() {
  const route = createRoute({
    method: "post",
    path: "/things",
    request: {
      body: {
        content: {
          "application/json": { schema: z.object({ name: z.string().min(2), count: z.number().int() }) },
        },
      },
    },
    responses: { 201: { description: "Created" } },
  });
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openapi(route, (c) => c.json({ ok: true }, 201));
  app.get("/forbidden", () => {
    throw forbidden();
  });
  app.get("/boom", () => {
    throw new Error("database exploded with secrets");
  });
  app.onError(handleError);
  return app;
}

const post = (body: string) =>
  appWithJsonRoute().request("/things", {
    method: "POST",
    body,
    headers: { "content-type": "application/json" },
  });

describe("handleError", () => {
  it("answers malformed JSON with 400 and a message", async () => {
    const res = await post("{not json");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: MESSAGES.api.malformedJson });
  });

  it("answers invalid fields with 422 {message, errors:{field:[text]}}", async () => {
    const res = await post(JSON.stringify({ name: "x", count: "many" }));
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.message).toBe(MESSAGES.api.validationFailed);
    expect(Object.keys(body.errors).sort()).toEqual(["count", "name"]);
    expect(body.errors.name[0]).toEqual(expect.any(String));
  });

  it("passes a valid body through", async () => {
    const res = await post(JSON.stringify({ name: "ok", count: 2 }));
    expect(res.status).toBe(201);
  });

  it("maps API errors to their status with {message}", async () => {
    const res = await appWithJsonRoute().request("/forbidden");
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: MESSAGES.api.unauthorized });
  });

  it("answers a content type the route does not take with 415 and the shared text", async () => {
    for (const type of ["text/plain", "application/xml", "multipart/form-data; boundary=x"]) {
      const res = await appWithJsonRoute().request("/things", {
        method: "POST",
        body: JSON.stringify({ name: "ok", count: 2 }),
        headers: { "content-type": type },
      });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ message: MESSAGES.api.unsupportedMediaType });
    }
  });

  it("hides unexpected errors behind a 500 without details", async () => {
    const res = await appWithJsonRoute().request("/boom");
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("secrets");
    expect(JSON.parse(text)).toEqual({ message: MESSAGES.api.serverError });
  });
});
